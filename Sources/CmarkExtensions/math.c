// Math for cmark-gfm, through its syntax-extension API: an inline extension on '$' that takes
// everything up to the closing delimiter as TeX, out of reach of emphasis and escapes, and shows
// it as the origin did. A paragraph that is one `$$…$$` alone is display math.
#include "cmark_extensions.h"

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include <cmark-gfm/buffer.h>
#include <cmark-gfm/houdini.h>
#include <cmark-gfm/chunk.h>
#include <cmark-gfm/node.h>
#include <cmark-gfm/render.h>

static cmark_node_type MATH_TYPE, DISPLAY_TYPE;
static pthread_once_t types_made = PTHREAD_ONCE_INIT;
static cmark_syntax_extension *extensions[3][2];
static pthread_mutex_t making = PTHREAD_MUTEX_INITIALIZER;

// What each math node keeps in `as.opaque`: its delimiter's length (1 or 2) and the style.
#define MATH_FLAGS(width, style) ((void *)(intptr_t)((width) | ((style) << 4)))
#define MATH_WIDTH(node) ((int)((intptr_t)(node)->as.opaque & 0xF))
#define MATH_STYLE(node) ((int)((intptr_t)(node)->as.opaque >> 4))

// A scan that found no closing delimiter from some place of a paragraph finds none from any later
// place: remembered per thread, so a paragraph of many unclosed `$$` is read once, not once each.
static __thread const unsigned char *unclosed_text;
static __thread int unclosed_from[3];

static int find_closing(const unsigned char *text, int length, int from, int width) {
  for (int at = from; at + width <= length; at++) {
    if (text[at] == '\\') {
      at++;
      continue;
    }
    if (text[at] != '$') continue;
    if (width == 2 && at + 1 < length && text[at + 1] == '$') return at;
    // `$…$`: the closing dollar follows no space and precedes no digit (Pandoc's rule, Hugo's passthrough alike).
    if (width == 1 && at > from && text[at - 1] != ' ' && (at + 1 >= length || text[at + 1] < '0' || text[at + 1] > '9') &&
        (at + 1 >= length || text[at + 1] != '$'))
      return at;
    if (width == 1 && at + 1 < length && text[at + 1] == '$') at++;
  }
  return -1;
}

// A table's cell holds only cmark-gfm's own inlines: there, math is a text of its delimiters and
// TeX, which the renderer escapes as it escapes any text.
static cmark_node *math_as_text(cmark_node *parent, cmark_chunk *chunk, int start, int close, int width, int style) {
  cmark_mem *mem = cmark_node_mem(parent);
  cmark_strbuf text;
  cmark_strbuf_init(mem, &text, 0);
  const unsigned char *tex = chunk->data + start;
  int length = close - start;
  if (style == CMARK_MATH_KRAMDOWN) {
    while (length && (tex[0] == ' ' || tex[0] == '\t')) { tex++; length--; }
    while (length && (tex[length - 1] == ' ' || tex[length - 1] == '\t')) length--;
  }
  cmark_strbuf_puts(&text, style == CMARK_MATH_KRAMDOWN ? "\\(" : (width == 2 ? "$$" : "$"));
  cmark_strbuf_put(&text, tex, length);
  cmark_strbuf_puts(&text, style == CMARK_MATH_KRAMDOWN ? "\\)" : (width == 2 ? "$$" : "$"));
  cmark_node *node = cmark_node_new_with_mem(CMARK_NODE_TEXT, mem);
  cmark_node_set_literal(node, cmark_strbuf_cstr(&text));
  cmark_strbuf_free(&text);
  return node;
}

static cmark_node *match_math(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *parent,
                              unsigned char character, cmark_inline_parser *inline_parser) {
  (void)parser;
  (void)parent;
  if (character != '$') return NULL;
  intptr_t settings = (intptr_t)cmark_syntax_extension_get_private(self);
  int style = (int)(settings & 0xF), single = (int)(settings >> 4);
  cmark_chunk *chunk = cmark_inline_parser_get_chunk(inline_parser);
  int offset = cmark_inline_parser_get_offset(inline_parser);
  int width = (offset + 1 < chunk->len && chunk->data[offset + 1] == '$') ? 2 : 1;
  if (width == 1 && !single) return NULL;
  // `$…$` opens before no space, as its closing one follows none.
  if (width == 1 && (offset + 1 >= chunk->len || chunk->data[offset + 1] == ' ')) return NULL;
  if (unclosed_text != chunk->data) {
    unclosed_text = chunk->data;
    unclosed_from[1] = unclosed_from[2] = -1;
  }
  if (unclosed_from[width] >= 0 && offset >= unclosed_from[width]) return NULL;
  int start = offset + width;
  int close = find_closing(chunk->data, chunk->len, start, width);
  if (close < 0) {
    unclosed_from[width] = offset;
    return NULL;
  }
  if (close == start) return NULL;
  const char *parent_type = cmark_node_get_type_string(parent);
  if (parent_type && !strcmp(parent_type, "table_cell")) {
    cmark_node *text = math_as_text(parent, chunk, start, close, width, style);
    cmark_inline_parser_set_offset(inline_parser, close + width);
    return text;
  }
  cmark_node *node = cmark_node_new_with_mem(MATH_TYPE, cmark_node_mem(parent));
  cmark_node_set_syntax_extension(node, self);
  cmark_strbuf_put(&node->content, chunk->data + start, close - start);
  node->as.opaque = MATH_FLAGS(width, style);
  cmark_inline_parser_set_offset(inline_parser, close + width);
  return node;
}

static void put_escaped(cmark_strbuf *html, const unsigned char *text, int length, int trim) {
  if (trim) {
    while (length && (text[0] == ' ' || text[0] == '\n' || text[0] == '\r' || text[0] == '\t')) { text++; length--; }
    while (length && (text[length - 1] == ' ' || text[length - 1] == '\n' || text[length - 1] == '\r' || text[length - 1] == '\t')) length--;
  }
  // As cmark-gfm escapes text (its own houdini).
  houdini_escape_html0(html, text, length, 0);
}

static void render_html(cmark_syntax_extension *self, cmark_html_renderer *renderer, cmark_node *node,
                        cmark_event_type event, int options) {
  (void)self;
  (void)options;
  cmark_strbuf *html = renderer->html;
  if (cmark_node_get_type(node) == DISPLAY_TYPE) {
    if (event == CMARK_EVENT_ENTER && html->size && html->ptr[html->size - 1] != '\n') cmark_strbuf_putc(html, '\n');
    if (event == CMARK_EVENT_EXIT) cmark_strbuf_putc(html, '\n');
    return;
  }
  if (event != CMARK_EVENT_ENTER) return;
  int display = node->parent && cmark_node_get_type(node->parent) == DISPLAY_TYPE;
  int width = MATH_WIDTH(node);
  const char *open = width == 2 ? "$$" : "$", *close = open;
  if (MATH_STYLE(node) == CMARK_MATH_KRAMDOWN) {
    open = display ? "\\[" : "\\(";
    close = display ? "\\]" : "\\)";
  }
  cmark_strbuf_puts(html, open);
  put_escaped(html, node->content.ptr, node->content.size, MATH_STYLE(node) == CMARK_MATH_KRAMDOWN);
  cmark_strbuf_puts(html, close);
}

static int can_contain(cmark_syntax_extension *self, cmark_node *node, cmark_node_type child) {
  (void)self;
  return cmark_node_get_type(node) == DISPLAY_TYPE && CMARK_NODE_TYPE_INLINE_P(child);
}

static const char *type_string(cmark_syntax_extension *self, cmark_node *node) {
  (void)self;
  return cmark_node_get_type(node) == DISPLAY_TYPE ? "math_display" : "math";
}

// A paragraph that holds one `$$…$$` and nothing else is display math (kramdown's block).
static cmark_node *postprocess(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *root) {
  (void)parser;
  // The document's paragraphs are all read: what the next document's hold is not known.
  unclosed_text = NULL;
  cmark_mem *mem = cmark_node_mem(root);
  size_t count = 0, capacity = 16;
  cmark_node **paragraphs = mem->calloc(capacity, sizeof(cmark_node *));
  cmark_iter *iterator = cmark_iter_new(root);
  cmark_event_type event;
  while ((event = cmark_iter_next(iterator)) != CMARK_EVENT_DONE) {
    cmark_node *node = cmark_iter_get_node(iterator);
    if (event != CMARK_EVENT_ENTER || cmark_node_get_type(node) != CMARK_NODE_PARAGRAPH) continue;
    cmark_node *only = node->first_child;
    if (!only || only != node->last_child || cmark_node_get_type(only) != MATH_TYPE || MATH_WIDTH(only) != 2) continue;
    if (count == capacity) {
      capacity *= 2;
      paragraphs = mem->realloc(paragraphs, capacity * sizeof(cmark_node *));
    }
    paragraphs[count++] = node;
  }
  cmark_iter_free(iterator);
  for (size_t i = 0; i < count; i++) {
    if (cmark_node_set_type(paragraphs[i], DISPLAY_TYPE)) cmark_node_set_syntax_extension(paragraphs[i], self);
  }
  mem->free(paragraphs);
  return root;
}

static void make_types(void) {
  MATH_TYPE = cmark_syntax_extension_add_node(1);
  DISPLAY_TYPE = cmark_syntax_extension_add_node(0);
}

struct cmark_syntax_extension *cmark_math_extension(enum cmark_math_style style, int single_dollar) {
  pthread_once(&types_made, make_types);
  int kind = style == CMARK_MATH_KRAMDOWN ? 1 : 2, single = single_dollar ? 1 : 0;
  pthread_mutex_lock(&making);
  cmark_syntax_extension *extension = extensions[kind][single];
  if (!extension) {
    extension = cmark_syntax_extension_new("math");
    cmark_llist *special = cmark_llist_append(cmark_get_default_mem_allocator(), NULL, (void *)(intptr_t)'$');
    cmark_syntax_extension_set_special_inline_chars(extension, special);
    cmark_syntax_extension_set_match_inline_func(extension, match_math);
    cmark_syntax_extension_set_html_render_func(extension, render_html);
    cmark_syntax_extension_set_can_contain_func(extension, can_contain);
    cmark_syntax_extension_set_get_type_string_func(extension, type_string);
    cmark_syntax_extension_set_postprocess_func(extension, postprocess);
    cmark_syntax_extension_set_private(extension, (void *)(intptr_t)(kind | (single << 4)), NULL);
    extensions[kind][single] = extension;
  }
  pthread_mutex_unlock(&making);
  return extension;
}

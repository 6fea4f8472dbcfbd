// kramdown's inline attribute lists for cmark-gfm, through its syntax-extension API: `{: .class
// #id key="value"}` on the line after (or before) a block, or right after a span (a link, an
// image, emphasis), and `{:toc}` after a one-item list. The parse is cmark-gfm's; this extension
// only reads the lines and texts it made, after it, and wraps each target in a node of its own
// that writes the attributes into the target's first tag as it is rendered.
#include "cmark_extensions.h"

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm/buffer.h>
#include <cmark-gfm/houdini.h>
#include <cmark-gfm/node.h>
#include <cmark-gfm/render.h>

static cmark_syntax_extension *extension;
static cmark_node_type BLOCK_TYPE, INLINE_TYPE;
static pthread_once_t made = PTHREAD_ONCE_INIT;

// What a wrapper writes: its id, classes and other attributes, HTML-escaped; kept in `as.opaque`.
typedef struct {
  cmark_strbuf id, classes, rest;
} attributes;

static attributes *attributes_of(cmark_node *node) { return (attributes *)node->as.opaque; }

// HTML-escaped as cmark-gfm escapes text (its own houdini).
static void put_escaped(cmark_strbuf *out, const unsigned char *text, int length) { houdini_escape_html0(out, text, length, 0); }

static int is_name_character(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == ':' || c >= 0x80;
}

// Reads `{: … }` (the whole of `text`, spaces around it aside) into `into` (when not NULL); says
// whether it is one, and sets `*toc` when it names kramdown's `toc`. kramdown's rules: `.class`,
// `#id`, `key="value"` or `key='value'`, and bare names (references, of which only `toc` means
// something here). Event-handler attributes (`on…`) are left out: no script comes from Markdown.
static int read_list(const unsigned char *text, int length, attributes *into, int *toc) {
  while (length && (text[length - 1] == ' ' || text[length - 1] == '\t')) length--;
  while (length && (text[0] == ' ' || text[0] == '\t')) { text++; length--; }
  if (length < 3 || text[0] != '{' || text[1] != ':' || text[length - 1] != '}') return 0;
  // `{::comment}` and the like are kramdown's extensions, not attribute lists.
  if (length > 2 && text[2] == ':') return 0;
  int at = 2, end = length - 1;
  while (at < end) {
    while (at < end && (text[at] == ' ' || text[at] == '\t')) at++;
    if (at >= end) break;
    int start = at;
    if (text[at] == '.' || text[at] == '#') {
      at++;
      while (at < end && is_name_character(text[at])) at++;
      if (at == start + 1) return 0;
      if (into) {
        cmark_strbuf *target = text[start] == '.' ? &into->classes : &into->id;
        // kramdown keeps the last id and every class.
        if (text[start] == '#') cmark_strbuf_clear(target);
        else if (target->size) cmark_strbuf_putc(target, ' ');
        put_escaped(target, text + start + 1, at - start - 1);
      }
      continue;
    }
    while (at < end && is_name_character(text[at])) at++;
    if (at == start) return 0;
    int name_end = at;
    if (at < end && text[at] == '=') {
      at++;
      if (at >= end || (text[at] != '"' && text[at] != '\'')) return 0;
      unsigned char quote = text[at++];
      int value_start = at;
      while (at < end && text[at] != quote) at += text[at] == '\\' && at + 1 < end ? 2 : 1;
      if (at >= end) return 0;
      int value_end = at++;
      int handler = name_end - start > 2 && (text[start] == 'o' || text[start] == 'O') && (text[start + 1] == 'n' || text[start + 1] == 'N');
      if (into && !handler) {
        if (name_end - start == 5 && !strncmp((const char *)text + start, "class", 5)) {
          if (into->classes.size) cmark_strbuf_putc(&into->classes, ' ');
          put_escaped(&into->classes, text + value_start, value_end - value_start);
        } else if (name_end - start == 2 && !strncmp((const char *)text + start, "id", 2)) {
          cmark_strbuf_clear(&into->id);
          put_escaped(&into->id, text + value_start, value_end - value_start);
        } else {
          cmark_strbuf_putc(&into->rest, ' ');
          put_escaped(&into->rest, text + start, name_end - start);
          cmark_strbuf_puts(&into->rest, "=\"");
          put_escaped(&into->rest, text + value_start, value_end - value_start);
          cmark_strbuf_putc(&into->rest, '"');
        }
      }
      continue;
    }
    if (toc && name_end - start == 3 && !strncmp((const char *)text + start, "toc", 3)) *toc = 1;
  }
  return 1;
}

// `text` with the curly quotes that smart punctuation made of an attribute list's straight ones
// straightened; `*original_end` says where in `text` the first `limit` bytes of the result end.
static void straighten(const unsigned char *text, int length, cmark_strbuf *out, int limit, int *original_end) {
  int at = 0;
  while (at < length) {
    if (original_end && out->size == limit) *original_end = at;
    if (at + 2 < length && text[at] == 0xE2 && text[at + 1] == 0x80 && text[at + 2] >= 0x98 && text[at + 2] <= 0x9D) {
      cmark_strbuf_putc(out, text[at + 2] >= 0x9C ? '"' : '\'');
      at += 3;
    } else {
      cmark_strbuf_putc(out, text[at++]);
    }
  }
  if (original_end && out->size == limit) *original_end = at;
}

// The text of a run of text nodes from `first` to `last`, or 0 when another kind of node is among them.
static int text_of_run(cmark_node *first, cmark_node *last, cmark_strbuf *out) {
  for (cmark_node *node = first; node; node = node->next) {
    if (node->type != CMARK_NODE_TEXT) return 0;
    straighten(node->as.literal.data, node->as.literal.len, out, -1, NULL);
    if (node == last) return 1;
  }
  return 0;
}

// Nodes taken out while the document's nodes are read, freed once all are read: a list of found
// nodes may still hold them.
typedef struct {
  cmark_mem *mem;
  cmark_node **nodes;
  size_t count, capacity;
} removals;

static void push(cmark_mem *mem, cmark_node ***nodes, size_t *count, size_t *capacity, cmark_node *node) {
  if (*count == *capacity) {
    *capacity = *capacity ? *capacity * 2 : 16;
    *nodes = mem->realloc(*nodes, *capacity * sizeof(cmark_node *));
  }
  (*nodes)[(*count)++] = node;
}

static void take_out(removals *removed, cmark_node *node) {
  cmark_node_unlink(node);
  push(removed->mem, &removed->nodes, &removed->count, &removed->capacity, node);
}

static void remove_run(removals *removed, cmark_node *first, cmark_node *last) {
  cmark_node *node = first;
  while (node) {
    cmark_node *next = node == last ? NULL : node->next;
    take_out(removed, node);
    node = next;
  }
}

// The target in a wrapper of its own, or NULL where its parent holds no wrapper (a term of a
// definition list, a table's row).
static cmark_node *wrap(cmark_node *target, int is_inline) {
  cmark_mem *mem = cmark_node_mem(target);
  cmark_node *wrapper = cmark_node_new_with_mem(is_inline ? INLINE_TYPE : BLOCK_TYPE, mem);
  cmark_node_set_syntax_extension(wrapper, extension);
  attributes *list = mem->calloc(1, sizeof(attributes));
  cmark_strbuf_init(mem, &list->id, 0);
  cmark_strbuf_init(mem, &list->classes, 0);
  cmark_strbuf_init(mem, &list->rest, 0);
  wrapper->as.opaque = list;
  wrapper->start_line = target->start_line;
  wrapper->end_line = target->end_line;
  if (!cmark_node_insert_before(target, wrapper)) {
    cmark_node_free(wrapper);
    return NULL;
  }
  cmark_node_unlink(target);
  cmark_node_append_child(wrapper, target);
  return wrapper;
}

// The wrapper of `target`, made if it has none: a second list adds to the first.
static attributes *attributes_for(cmark_node *target, int is_inline) {
  cmark_node *parent = target->parent;
  if (parent && (parent->type == BLOCK_TYPE || parent->type == INLINE_TYPE) && parent->first_child == target) return attributes_of(parent);
  cmark_node *wrapper = wrap(target, is_inline);
  return wrapper ? attributes_of(wrapper) : NULL;
}

static int is_container(cmark_node *node) {
  return node->type == CMARK_NODE_ITEM || node->type == CMARK_NODE_BLOCK_QUOTE;
}

// A `{:toc}` list becomes the table of contents' place, which the renderer fills from the headings.
static void mark_contents(removals *removed, cmark_node *list) {
  cmark_node *place = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, cmark_node_mem(list));
  // U+E004, then the list's tag, then U+E005: a mark no author writes.
  cmark_node_set_on_enter(place, cmark_node_get_list_type(list) == CMARK_ORDERED_LIST ? "\xEE\x80\x84ol\xEE\x80\x85" : "\xEE\x80\x84ul\xEE\x80\x85");
  cmark_node_insert_before(list, place);
  take_out(removed, list);
}

// A paragraph's first or last line that is an attribute list: taken out, and given to the
// paragraph, to the block before or after it (a paragraph of the list alone), or, for a last line
// the author wrote unindented under a list or a quote, to that list or quote.
static void read_paragraph(removals *removed, cmark_node *paragraph, int first_line) {
  cmark_node *start, *end, *line_break = NULL;
  if (first_line) {
    start = paragraph->first_child;
    for (end = start; end && end->next && end->next->type != CMARK_NODE_SOFTBREAK && end->next->type != CMARK_NODE_LINEBREAK; end = end->next) {}
    if (end) line_break = end->next;
  } else {
    end = paragraph->last_child;
    for (start = end; start && start->prev && start->prev->type != CMARK_NODE_SOFTBREAK && start->prev->type != CMARK_NODE_LINEBREAK; start = start->prev) {}
    if (start) line_break = start->prev;
  }
  if (!start || !end) return;
  cmark_mem *mem = cmark_node_mem(paragraph);
  cmark_strbuf text;
  cmark_strbuf_init(mem, &text, 0);
  int toc = 0;
  if (!text_of_run(start, end, &text) || !read_list(text.ptr, text.size, NULL, &toc)) {
    cmark_strbuf_free(&text);
    return;
  }
  cmark_node *target = paragraph;
  if (!line_break) {
    // The list alone: the block it touches, before it, else after it.
    if (paragraph->prev && paragraph->prev->end_line + 1 == paragraph->start_line) target = paragraph->prev;
    else if (paragraph->next && paragraph->next->start_line == paragraph->end_line + 1) target = paragraph->next;
    else target = NULL;
  } else if (!first_line && paragraph->parent && is_container(paragraph->parent) && paragraph->parent->last_child == paragraph &&
             paragraph->end_column - (int)text.size < paragraph->start_column) {
    // A lazy last line: it belongs to the outermost list or quote the paragraph ends.
    cmark_node *inner = paragraph;
    while (inner->parent && is_container(inner->parent) && inner->parent->last_child == inner) {
      cmark_node *container = inner->parent;
      if (container->type == CMARK_NODE_ITEM) {
        if (!container->parent || container->parent->last_child != container) break;
        container = container->parent;
      }
      target = inner = container;
    }
  }
  if (line_break) {
    take_out(removed, line_break);
    remove_run(removed, start, end);
  } else {
    take_out(removed, paragraph);
  }
  if (target && toc && target->type == CMARK_NODE_LIST) mark_contents(removed, target);
  else if (target) read_list(text.ptr, text.size, attributes_for(target, 0), NULL);
  cmark_strbuf_free(&text);
}

// A GFM table takes the line after it as a row: a last row whose first cell is an attribute
// list, the others empty, is the table's list.
static void read_table(removals *removed, cmark_node *table) {
  cmark_node *row = table->last_child;
  if (!row || row == table->first_child || !row->first_child) return;
  cmark_node *cell = row->first_child;
  for (cmark_node *other = cell->next; other; other = other->next) {
    if (other->first_child) return;
  }
  if (!cell->first_child) return;
  cmark_mem *mem = cmark_node_mem(table);
  cmark_strbuf text;
  cmark_strbuf_init(mem, &text, 0);
  if (text_of_run(cell->first_child, cell->last_child, &text) && read_list(text.ptr, text.size, NULL, NULL)) {
    take_out(removed, row);
    read_list(text.ptr, text.size, attributes_for(table, 0), NULL);
  }
  cmark_strbuf_free(&text);
}

// `*emphasis*{: .class}`, `[link](url){:target="_blank"}`: a text that opens with a list, right
// after a span, gives it to the span.
static void read_span(removals *removed, cmark_node *text) {
  cmark_node *span = text->prev;
  if (!span) return;
  switch (span->type) {
  case CMARK_NODE_EMPH: case CMARK_NODE_STRONG: case CMARK_NODE_LINK: case CMARK_NODE_IMAGE: case CMARK_NODE_CODE: break;
  default: return;
  }
  if (text->as.literal.len < 3 || text->as.literal.data[0] != '{' || text->as.literal.data[1] != ':') return;
  cmark_mem *mem = cmark_node_mem(text);
  cmark_strbuf straight;
  cmark_strbuf_init(mem, &straight, 0);
  straighten(text->as.literal.data, text->as.literal.len, &straight, -1, NULL);
  const unsigned char *data = straight.ptr;
  int length = straight.size;
  int close = 2;
  while (close < length && data[close] != '}') {
    if (data[close] == '"' || data[close] == '\'') {
      unsigned char quote = data[close++];
      while (close < length && data[close] != quote) close++;
    }
    if (close < length) close++;
  }
  if (close < length && read_list(data, close + 1, NULL, NULL)) {
    attributes *list = attributes_for(span, 1);
    if (list) {
      read_list(data, close + 1, list, NULL);
      if (close + 1 == length) {
        take_out(removed, text);
      } else {
        // The rest keeps its own quotes, curly or not.
        int rest = text->as.literal.len;
        cmark_strbuf ignored;
        cmark_strbuf_init(mem, &ignored, 0);
        straighten(text->as.literal.data, text->as.literal.len, &ignored, close + 1, &rest);
        cmark_strbuf_free(&ignored);
        cmark_strbuf kept;
        cmark_strbuf_init(mem, &kept, 0);
        cmark_strbuf_put(&kept, text->as.literal.data + rest, text->as.literal.len - rest);
        cmark_node_set_literal(text, cmark_strbuf_cstr(&kept));
        cmark_strbuf_free(&kept);
      }
    }
  }
  cmark_strbuf_free(&straight);
}

static cmark_node *postprocess(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *root) {
  (void)self;
  (void)parser;
  // `{`, `:` and the rest may have been split into several texts where inline parsing stopped.
  cmark_consolidate_text_nodes(root);
  cmark_mem *mem = cmark_node_mem(root);
  size_t count = 0, capacity = 32;
  cmark_node **found = mem->calloc(capacity, sizeof(cmark_node *));
  cmark_iter *iterator = cmark_iter_new(root);
  cmark_event_type event;
  while ((event = cmark_iter_next(iterator)) != CMARK_EVENT_DONE) {
    cmark_node *node = cmark_iter_get_node(iterator);
    if (event != CMARK_EVENT_ENTER) continue;
    int paragraph = node->type == CMARK_NODE_PARAGRAPH;
    int span = node->type == CMARK_NODE_TEXT && node->prev && node->as.literal.len > 2 && node->as.literal.data[0] == '{';
    const char *type = cmark_node_get_type_string(node);
    int table = type && !strcmp(type, "table");
    if (!paragraph && !span && !table) continue;
    if (count == capacity) {
      capacity *= 2;
      found = mem->realloc(found, capacity * sizeof(cmark_node *));
    }
    found[count++] = node;
  }
  cmark_iter_free(iterator);
  removals removed = {mem, NULL, 0, 0};
  // Spans first: a paragraph read after may be freed with its texts.
  for (size_t i = 0; i < count; i++) {
    if (found[i]->type != CMARK_NODE_TEXT) continue;
    read_span(&removed, found[i]);
    found[i] = NULL;
  }
  for (size_t i = 0; i < count; i++) {
    cmark_node *node = found[i];
    if (!node) continue;
    if (node->type == CMARK_NODE_PARAGRAPH) {
      // The last line first: a paragraph of one line is read once, as a list alone.
      cmark_node *last_break = NULL;
      for (cmark_node *child = node->first_child; child; child = child->next) {
        if (child->type == CMARK_NODE_SOFTBREAK || child->type == CMARK_NODE_LINEBREAK) last_break = child;
      }
      if (last_break) read_paragraph(&removed, node, 1);
      read_paragraph(&removed, node, 0);
    } else {
      read_table(&removed, node);
    }
  }
  mem->free(found);
  for (size_t i = 0; i < removed.count; i++) cmark_node_free(removed.nodes[i]);
  mem->free(removed.nodes);
  return root;
}

// Writes the attributes into the first tag written since the wrapper was entered: the classes into
// its `class` where it has one, the rest after its name. A heading's id is the renderer's to place.
static void render_html(cmark_syntax_extension *self, cmark_html_renderer *renderer, cmark_node *node,
                        cmark_event_type event, int options) {
  (void)self;
  (void)options;
  cmark_strbuf *html = renderer->html;
  if (event == CMARK_EVENT_ENTER) {
    node->internal_offset = html->size;
    return;
  }
  attributes *list = attributes_of(node);
  int at = node->internal_offset;
  while (at < html->size && html->ptr[at] != '<') at++;
  if (at >= html->size) return;
  int name_end = at + 1;
  while (name_end < html->size && ((html->ptr[name_end] >= 'a' && html->ptr[name_end] <= 'z') || (html->ptr[name_end] >= '0' && html->ptr[name_end] <= '9'))) name_end++;
  int tag_end = name_end;
  while (tag_end < html->size && html->ptr[tag_end] != '>') tag_end++;
  int class_value = -1;
  for (int i = name_end; i + 8 <= tag_end; i++) {
    if (!memcmp(html->ptr + i, " class=\"", 8)) { class_value = i + 8; break; }
  }
  cmark_mem *mem = cmark_node_mem(node);
  cmark_strbuf out;
  cmark_strbuf_init(mem, &out, 0);
  cmark_strbuf_put(&out, html->ptr, name_end);
  int heading = node->first_child && node->first_child->type == CMARK_NODE_HEADING;
  if (list->id.size && !heading) {
    cmark_strbuf_puts(&out, " id=\"");
    cmark_strbuf_put(&out, list->id.ptr, list->id.size);
    cmark_strbuf_putc(&out, '"');
  }
  if (list->classes.size && class_value < 0) {
    cmark_strbuf_puts(&out, " class=\"");
    cmark_strbuf_put(&out, list->classes.ptr, list->classes.size);
    cmark_strbuf_putc(&out, '"');
  }
  cmark_strbuf_put(&out, list->rest.ptr, list->rest.size);
  if (class_value >= 0) {
    cmark_strbuf_put(&out, html->ptr + name_end, class_value - name_end);
    cmark_strbuf_put(&out, list->classes.ptr, list->classes.size);
    if (list->classes.size) cmark_strbuf_putc(&out, ' ');
    cmark_strbuf_put(&out, html->ptr + class_value, html->size - class_value);
  } else {
    cmark_strbuf_put(&out, html->ptr + name_end, html->size - name_end);
  }
  cmark_strbuf_swap(&out, html);
  cmark_strbuf_free(&out);
}

static int can_contain(cmark_syntax_extension *self, cmark_node *node, cmark_node_type child) {
  (void)self;
  if (node->type == BLOCK_TYPE) return CMARK_NODE_TYPE_BLOCK_P(child);
  return CMARK_NODE_TYPE_INLINE_P(child);
}

static const char *type_string(cmark_syntax_extension *self, cmark_node *node) {
  (void)self;
  return node->type == BLOCK_TYPE ? "attributes_block" : "attributes_inline";
}

static void free_attributes(cmark_syntax_extension *self, cmark_mem *mem, cmark_node *node) {
  (void)self;
  attributes *list = attributes_of(node);
  if (!list) return;
  cmark_strbuf_free(&list->id);
  cmark_strbuf_free(&list->classes);
  cmark_strbuf_free(&list->rest);
  mem->free(list);
  node->as.opaque = NULL;
}

static void make(void) {
  BLOCK_TYPE = cmark_syntax_extension_add_node(0);
  INLINE_TYPE = cmark_syntax_extension_add_node(1);
  extension = cmark_syntax_extension_new("attribute_list");
  cmark_syntax_extension_set_postprocess_func(extension, postprocess);
  cmark_syntax_extension_set_html_render_func(extension, render_html);
  cmark_syntax_extension_set_can_contain_func(extension, can_contain);
  cmark_syntax_extension_set_get_type_string_func(extension, type_string);
  cmark_syntax_extension_set_opaque_free_func(extension, free_attributes);
}

struct cmark_syntax_extension *cmark_attribute_list_extension(void) {
  pthread_once(&made, make);
  return extension;
}

const char *cmark_attribute_list_id(struct cmark_node *node) {
  cmark_node *parent = node ? node->parent : NULL;
  if (!parent || parent->type != BLOCK_TYPE || parent->first_child != node) return NULL;
  attributes *list = attributes_of(parent);
  return list->id.size ? cmark_strbuf_cstr(&list->id) : NULL;
}

int cmark_attribute_list_has_class(struct cmark_node *node, const char *name) {
  cmark_node *parent = node ? node->parent : NULL;
  if (!parent || parent->type != BLOCK_TYPE || parent->first_child != node || !name) return 0;
  attributes *list = attributes_of(parent);
  size_t length = strlen(name);
  const unsigned char *classes = list->classes.ptr;
  int size = list->classes.size;
  for (int at = 0; at < size;) {
    int end = at;
    while (end < size && classes[end] != ' ') end++;
    if ((size_t)(end - at) == length && !memcmp(classes + at, name, length)) return 1;
    at = end + 1;
  }
  return 0;
}

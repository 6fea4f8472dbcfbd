// Definition lists for cmark-gfm, through its syntax-extension API: a block extension that
// turns the paragraph before a ": " line into the list's terms, and opens a definition as a
// container (like a list item) for the rest of that line and the lines indented under it.
#include "cmark_extensions.h"

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <pthread.h>
#include <string.h>

#include <cmark-gfm/node.h>
#include <cmark-gfm/render.h>
#include <cmark-gfm/buffer.h>

static cmark_syntax_extension *extension;
// TEXT_TYPE: a tight definition's one paragraph, kept (its inlines point into its text) but shown bare.
static cmark_node_type LIST_TYPE, TERM_TYPE, DETAILS_TYPE, TEXT_TYPE;
static pthread_once_t made = PTHREAD_ONCE_INIT;

// What a list and a definition remember while the parser walks on: whether a blank line came
// since the last definition opened (the next is then loose), and where a definition's text starts.
typedef struct {
  int saw_blank;
  int loose;
  int content_indent;
} definition_state;

static definition_state *state_of(cmark_node *node) { return (definition_state *)node->as.opaque; }

static void attach_state(cmark_node *node) {
  cmark_mem *mem = cmark_node_mem(node);
  node->as.opaque = mem->calloc(1, sizeof(definition_state));
}

// Whether the line opens a definition (": " not indented as code); `skip` is how many of the
// spaces after the colon its text starts after, `width` the columns from the colon to its text.
static int is_marker_line(cmark_parser *parser, unsigned char *input, int len, int *skip, int *width) {
  if (cmark_parser_get_indent(parser) >= 4) return 0;
  int first = cmark_parser_get_first_nonspace(parser);
  if (first >= len || input[first] != ':') return 0;
  int after = first + 1;
  if (after < len && input[after] != ' ' && input[after] != '\t' && input[after] != '\n' && input[after] != '\r') return 0;
  int spaces = 0;
  while (after + spaces < len && input[after + spaces] == ' ') spaces++;
  int blank_rest = after + spaces >= len || input[after + spaces] == '\n' || input[after + spaces] == '\r';
  // More than four spaces start an indented block in the definition; none, or nothing after, its text.
  int used = (spaces >= 1 && spaces <= 4 && !blank_rest) ? spaces : (spaces >= 1 ? 1 : 0);
  if (skip) *skip = used;
  if (width) *width = 1 + (used ? used : 1);
  return 1;
}

// Each line of the paragraph's text becomes a term.
static void make_terms(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *list) {
  const char *text = cmark_node_get_string_content(list);
  size_t length = text ? strlen(text) : 0;
  cmark_mem *mem = cmark_node_mem(list);
  char *copy = mem->calloc(length + 1, 1);
  if (length) memcpy(copy, text, length);
  cmark_node_set_string_content(list, "");
  char *line = copy;
  while (line && *line) {
    char *end = strchr(line, '\n');
    if (end) *end = 0;
    size_t size = strlen(line);
    if (size && line[size - 1] == '\r') line[size - 1] = 0;
    if (*line) {
      cmark_node *term = cmark_parser_add_child(parser, list, TERM_TYPE, list->start_column);
      cmark_node_set_syntax_extension(term, self);
      cmark_node_set_string_content(term, line);
      term->start_line = term->end_line = list->start_line;
      term->flags &= ~CMARK_NODE__OPEN;
    }
    line = end ? end + 1 : NULL;
  }
  mem->free(copy);
}

static cmark_node *to_list(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *paragraph) {
  if (!cmark_node_set_type(paragraph, LIST_TYPE)) return NULL;
  cmark_node_set_syntax_extension(paragraph, self);
  attach_state(paragraph);
  make_terms(self, parser, paragraph);
  paragraph->flags |= CMARK_NODE__OPEN;
  return paragraph;
}

static cmark_node *open_block(cmark_syntax_extension *self, int indented, cmark_parser *parser,
                              cmark_node *parent, unsigned char *input, int len) {
  int skip = 0, width = 0;
  if (indented || !is_marker_line(parser, input, len, &skip, &width)) return NULL;
  cmark_node *list = NULL;
  int loose = 0;
  cmark_node_type parent_type = cmark_node_get_type(parent);
  if (parent_type == CMARK_NODE_PARAGRAPH && parent->extension == NULL) {
    list = to_list(self, parser, parent);
  } else if (parent_type == LIST_TYPE) {
    list = parent;
    loose = state_of(list)->saw_blank;
  } else if (parent->last_child && cmark_node_get_type(parent->last_child) == CMARK_NODE_PARAGRAPH &&
             parent->last_child->extension == NULL && !(parent->last_child->flags & CMARK_NODE__OPEN)) {
    // The terms, then a blank line, then the definition: a loose one.
    list = to_list(self, parser, parent->last_child);
    loose = 1;
  }
  if (!list) return NULL;
  state_of(list)->saw_blank = 0;
  int first = cmark_parser_get_first_nonspace(parser);
  int marker_column = cmark_parser_get_first_nonspace_column(parser) - cmark_parser_get_column(parser);
  cmark_parser_advance_offset(parser, (const char *)input, first + 1 + skip - cmark_parser_get_offset(parser), 0);
  cmark_node *details = cmark_parser_add_child(parser, list, DETAILS_TYPE, first + 1);
  cmark_node_set_syntax_extension(details, self);
  attach_state(details);
  state_of(details)->loose = loose;
  state_of(details)->content_indent = marker_column + width;
  return details;
}

static int match_block(cmark_syntax_extension *self, cmark_parser *parser, unsigned char *input, int len,
                       cmark_node *container) {
  (void)self;
  cmark_node_type type = cmark_node_get_type(container);
  if (type == LIST_TYPE) {
    if (cmark_parser_is_blank(parser)) {
      state_of(container)->saw_blank = 1;
      return 1;
    }
    if (is_marker_line(parser, input, len, NULL, NULL)) return 1;
    // A line indented under the last definition goes on in it.
    cmark_node *last = container->last_child;
    return last && cmark_node_get_type(last) == DETAILS_TYPE && (last->flags & CMARK_NODE__OPEN) &&
           cmark_parser_get_indent(parser) >= state_of(last)->content_indent;
  }
  if (type == DETAILS_TYPE) {
    if (cmark_parser_is_blank(parser)) return container->first_child != NULL;
    int indent = state_of(container)->content_indent;
    if (cmark_parser_get_indent(parser) >= indent) {
      cmark_parser_advance_offset(parser, (const char *)input, indent, 1);
      return 1;
    }
  }
  return 0;
}

static int can_contain(cmark_syntax_extension *self, cmark_node *node, cmark_node_type child) {
  (void)self;
  cmark_node_type type = cmark_node_get_type(node);
  if (type == LIST_TYPE) return child == TERM_TYPE || child == DETAILS_TYPE;
  if (type == TERM_TYPE || type == TEXT_TYPE) return CMARK_NODE_TYPE_INLINE_P(child);
  if (type == DETAILS_TYPE) return child != CMARK_NODE_ITEM && child != TERM_TYPE && child != DETAILS_TYPE;
  return 0;
}

static int contains_inlines(cmark_syntax_extension *self, cmark_node *node) {
  (void)self;
  return cmark_node_get_type(node) == TERM_TYPE;
}

static const char *type_string(cmark_syntax_extension *self, cmark_node *node) {
  (void)self;
  cmark_node_type type = cmark_node_get_type(node);
  if (type == LIST_TYPE) return "definition_list";
  if (type == TERM_TYPE) return "definition_term";
  if (type == DETAILS_TYPE) return "definition_details";
  if (type == TEXT_TYPE) return "definition_text";
  return "<unknown>";
}

static void render_html(cmark_syntax_extension *self, cmark_html_renderer *renderer, cmark_node *node,
                        cmark_event_type event, int options) {
  (void)self;
  (void)options;
  cmark_strbuf *html = renderer->html;
  int entering = event == CMARK_EVENT_ENTER;
  cmark_node_type type = cmark_node_get_type(node);
  if (type == TEXT_TYPE) return;
  if (entering && html->size && html->ptr[html->size - 1] != '\n') cmark_strbuf_putc(html, '\n');
  if (type == LIST_TYPE) {
    cmark_strbuf_puts(html, entering ? "<dl>\n" : "</dl>\n");
  } else if (type == TERM_TYPE) {
    cmark_strbuf_puts(html, entering ? "<dt>" : "</dt>\n");
  } else if (type == DETAILS_TYPE) {
    cmark_strbuf_puts(html, entering ? "<dd>" : "</dd>\n");
  }
}

static void free_state(cmark_syntax_extension *self, cmark_mem *mem, cmark_node *node) {
  (void)self;
  if (node->as.opaque) mem->free(node->as.opaque);
  node->as.opaque = NULL;
}

// The nodes of `root`'s tree that `wanted` picks, in document order (collected before any changes).
static cmark_node **collect(cmark_node *root, int (*wanted)(cmark_node *), size_t *count) {
  cmark_mem *mem = cmark_node_mem(root);
  size_t capacity = 16;
  cmark_node **nodes = mem->calloc(capacity, sizeof(cmark_node *));
  *count = 0;
  cmark_iter *iterator = cmark_iter_new(root);
  cmark_event_type event;
  while ((event = cmark_iter_next(iterator)) != CMARK_EVENT_DONE) {
    cmark_node *node = cmark_iter_get_node(iterator);
    if (event != CMARK_EVENT_ENTER || !wanted(node)) continue;
    if (*count == capacity) {
      capacity *= 2;
      nodes = mem->realloc(nodes, capacity * sizeof(cmark_node *));
    }
    nodes[(*count)++] = node;
  }
  cmark_iter_free(iterator);
  return nodes;
}

static int is_list_before_list(cmark_node *node) {
  return cmark_node_get_type(node) == LIST_TYPE && node->next && cmark_node_get_type(node->next) == LIST_TYPE;
}

static int is_tight_single_paragraph(cmark_node *node) {
  return cmark_node_get_type(node) == DETAILS_TYPE && node->as.opaque && !state_of(node)->loose && node->first_child &&
         node->first_child == node->last_child && cmark_node_get_type(node->first_child) == CMARK_NODE_PARAGRAPH;
}

// After inlines: lists the parser split at a blank line between two entries become one, and a
// tight definition that holds one paragraph shows its text without the paragraph, as kramdown's
// and Goldmark's do.
static cmark_node *postprocess(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *root) {
  (void)parser;
  cmark_mem *mem = cmark_node_mem(root);
  size_t count = 0;
  cmark_node **lists = collect(root, is_list_before_list, &count);
  // From the last: each list takes in the one after it, which may have taken in its own next.
  for (size_t i = count; i > 0; i--) {
    cmark_node *first = lists[i - 1], *second = first->next;
    while (second->first_child) {
      cmark_node *child = second->first_child;
      cmark_node_unlink(child);
      cmark_node_append_child(first, child);
    }
    cmark_node_free(second);
  }
  mem->free(lists);
  cmark_node **details = collect(root, is_tight_single_paragraph, &count);
  for (size_t i = 0; i < count; i++) {
    cmark_node *paragraph = details[i]->first_child;
    if (cmark_node_set_type(paragraph, TEXT_TYPE)) cmark_node_set_syntax_extension(paragraph, self);
  }
  mem->free(details);
  return root;
}

static void make_extension(void) {
  LIST_TYPE = cmark_syntax_extension_add_node(0);
  TERM_TYPE = cmark_syntax_extension_add_node(0);
  DETAILS_TYPE = cmark_syntax_extension_add_node(0);
  TEXT_TYPE = cmark_syntax_extension_add_node(0);
  cmark_syntax_extension *made_extension = cmark_syntax_extension_new("definition_list");
  cmark_syntax_extension_set_open_block_func(made_extension, open_block);
  cmark_syntax_extension_set_match_block_func(made_extension, match_block);
  cmark_syntax_extension_set_can_contain_func(made_extension, can_contain);
  cmark_syntax_extension_set_contains_inlines_func(made_extension, contains_inlines);
  cmark_syntax_extension_set_get_type_string_func(made_extension, type_string);
  cmark_syntax_extension_set_html_render_func(made_extension, render_html);
  cmark_syntax_extension_set_opaque_free_func(made_extension, free_state);
  cmark_syntax_extension_set_postprocess_func(made_extension, postprocess);
  extension = made_extension;
}

cmark_syntax_extension *cmark_definition_list_extension(void) {
  pthread_once(&made, make_extension);
  return extension;
}

#ifndef CMARK_EXTENSIONS_H
#define CMARK_EXTENSIONS_H

// Declared without cmark-gfm's headers, which the Swift module CCmarkGFM owns.
struct cmark_syntax_extension;

/// Definition lists as kramdown and Goldmark (PHP Markdown Extra) write them, as a cmark-gfm
/// syntax extension: one or more lines of terms, then each definition on a line opening with
/// ": ", its further lines indented under it. Made once per process, as cmark-gfm's own
/// extensions are; attach it to a parser with cmark_parser_attach_syntax_extension.
struct cmark_syntax_extension *cmark_definition_list_extension(void);

/// How math is shown: as kramdown shows `$$…$$` for MathJax (`\(…\)` in a line, `\[…\]` as a
/// paragraph of its own), or passed through with the delimiters the author wrote.
enum cmark_math_style { CMARK_MATH_KRAMDOWN = 1, CMARK_MATH_PASSTHROUGH = 2 };

/// Math kept as the author wrote it, never read as Markdown: `$$…$$`, and with `single_dollar`
/// also `$…$`. One extension per style and dollar rule, made once per process.
struct cmark_syntax_extension *cmark_math_extension(enum cmark_math_style style, int single_dollar);

struct cmark_node;

/// kramdown's attribute lists (`{: .class #id key="value"}` after or before a block, right after
/// a span) and `{:toc}`, whose list becomes a mark (U+E004, `ul` or `ol`, U+E005) for the
/// renderer to fill with the headings. Made once per process.
struct cmark_syntax_extension *cmark_attribute_list_extension(void);

/// The id an attribute list gave `node` (a heading's, which the renderer places), or NULL.
const char *cmark_attribute_list_id(struct cmark_node *node);

/// Whether an attribute list gave `node` the class `name` (kramdown's `no_toc` on a heading).
int cmark_attribute_list_has_class(struct cmark_node *node, const char *name);

#endif

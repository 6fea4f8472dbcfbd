/* The floor for a build: libcmark alone, in one process, reading every entry
 * below a folder, skipping its front matter, rendering the Markdown body to
 * HTML and writing one file per entry. No sorting, paging, templates or index:
 * what any generator built on libcmark must at least spend.
 *
 *     cc -O2 -o cmark_floor cmark_floor.c $(pkg-config --cflags --libs libcmark)
 *     ./cmark_floor content/ out/
 */
#define _XOPEN_SOURCE 700
#include <cmark.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *output;
static long written;

/* The body: what follows the closing `---` of the front matter, or everything. */
static const char *body_of(const char *text) {
    if (strncmp(text, "---\n", 4) != 0) return text;
    const char *end = strstr(text + 4, "\n---\n");
    return end ? end + 5 : text;
}

static int render(const char *path, const struct stat *info, int type, struct FTW *where) {
    (void)where;
    size_t length = strlen(path);
    if (type != FTW_F || length < 3 || strcmp(path + length - 3, ".md") != 0) return 0;
    FILE *in = fopen(path, "rb");
    if (!in) { perror(path); return 1; }
    char *text = malloc((size_t)info->st_size + 1);
    size_t got = fread(text, 1, (size_t)info->st_size, in);
    fclose(in);
    text[got] = 0;
    const char *body = body_of(text);
    char *html = cmark_markdown_to_html(body, strlen(body), CMARK_OPT_DEFAULT);
    char target[4096];
    snprintf(target, sizeof target, "%s/%ld.html", output, written++);
    FILE *out = fopen(target, "wb");
    if (!out) { perror(target); return 1; }
    fwrite(html, 1, strlen(html), out);
    fclose(out);
    free(html);
    free(text);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s content/ out/\n", argv[0]); return 2; }
    output = argv[2];
    mkdir(output, 0755);
    if (nftw(argv[1], render, 32, FTW_PHYS) != 0) return 1;
    printf("rendered %ld entries\n", written);
    return 0;
}

/* The floor for a build: cmark-gfm alone, in one process on every core, reading
 * every entry below a folder, skipping its front matter, rendering the Markdown
 * body to HTML and writing it where blogpager writes an entry's page
 * (out/posts/NAME/index.html: a folder per entry, so the kernel's share is the
 * same), with GitHub's extensions and footnotes, as blogpager's own sites get them. No
 * sorting, paging, templates or index: what any generator built on cmark-gfm must at
 * least spend. The inlines of one document at a time, as blogpager parses them (cmark-gfm
 * marks its extensions' characters in one table of the process while it parses them).
 *
 *     cc -O2 -pthread -o cmark_floor cmark_floor.c $(pkg-config --cflags --libs libcmark-gfm)
 *     ./cmark_floor content/ out/ [threads]
 */
#define _GNU_SOURCE
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <sched.h>
#include <ftw.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static pthread_mutex_t inline_parsing = PTHREAD_MUTEX_INITIALIZER;

static char *markdown_to_html(const char *body) {
    int options = CMARK_OPT_FOOTNOTES | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES;
    cmark_parser *parser = cmark_parser_new(options);
    const char *names[] = {"table", "strikethrough", "autolink", "tasklist"};
    for (int i = 0; i < 4; i++) cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(names[i]));
    cmark_parser_feed(parser, body, strlen(body));
    pthread_mutex_lock(&inline_parsing);
    cmark_node *document = cmark_parser_finish(parser);
    pthread_mutex_unlock(&inline_parsing);
    char *html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser));
    cmark_node_free(document);
    cmark_parser_free(parser);
    return html;
}

static const char *output;
static char **paths;
static size_t count, capacity;
static atomic_size_t next_path;
static atomic_int failed;

/* The body: what follows the closing `---` of the front matter, or everything. */
static const char *body_of(const char *text) {
    if (strncmp(text, "---\n", 4) != 0) return text;
    const char *end = strstr(text + 4, "\n---\n");
    return end ? end + 5 : text;
}

static int collect(const char *path, const struct stat *info, int type, struct FTW *where) {
    (void)info; (void)where;
    size_t length = strlen(path);
    if (type != FTW_F || length < 3 || strcmp(path + length - 3, ".md") != 0) return 0;
    if (count == capacity) {
        capacity = capacity ? capacity * 2 : 1024;
        paths = realloc(paths, capacity * sizeof *paths);
    }
    paths[count++] = strdup(path);
    return 0;
}

static int render(const char *path) {
    FILE *in = fopen(path, "rb");
    if (!in) { perror(path); return 1; }
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    rewind(in);
    char *text = malloc((size_t)size + 1);
    size_t got = fread(text, 1, (size_t)size, in);
    fclose(in);
    text[got] = 0;
    const char *body = body_of(text);
    char *html = markdown_to_html(body);
    /* out/posts/NAME/index.html, NAME the file's name without .md */
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    char folder[4096], target[4200];
    snprintf(folder, sizeof folder, "%s/posts/%.*s", output, (int)(strlen(name) - 3), name);
    mkdir(folder, 0755);
    snprintf(target, sizeof target, "%s/index.html", folder);
    FILE *out = fopen(target, "wb");
    if (!out) { perror(target); free(html); free(text); return 1; }
    fwrite(html, 1, strlen(html), out);
    fclose(out);
    free(html);
    free(text);
    return 0;
}

static void *worker(void *unused) {
    (void)unused;
    for (size_t at; (at = atomic_fetch_add(&next_path, 1)) < count;) {
        if (render(paths[at]) != 0) atomic_store(&failed, 1);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 3 || argc > 4) { fprintf(stderr, "usage: %s content/ out/ [threads]\n", argv[0]); return 2; }
    output = argv[2];
    cmark_gfm_core_extensions_ensure_registered();
    /* Every core this process may run on (taskset and the bench's --cores narrow it). */
    cpu_set_t allowed;
    long cores = sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : sysconf(_SC_NPROCESSORS_ONLN);
    long threads = argc == 4 ? atol(argv[3]) : cores;
    if (threads < 1) threads = 1;
    char posts[4096];
    snprintf(posts, sizeof posts, "%s/posts", output);
    mkdir(output, 0755);
    mkdir(posts, 0755);
    if (nftw(argv[1], collect, 32, FTW_PHYS) != 0) return 1;
    pthread_t *workers = calloc((size_t)threads, sizeof *workers);
    for (long i = 0; i < threads; i++) pthread_create(&workers[i], NULL, worker, NULL);
    for (long i = 0; i < threads; i++) pthread_join(workers[i], NULL);
    printf("rendered %zu entries on %ld threads\n", count, threads);
    return atomic_load(&failed);
}

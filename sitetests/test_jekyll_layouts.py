"""A Jekyll site in its own face: its layouts (and its theme's), includes and data, built by Debian's
Jekyll 4.3 and by us, every page Jekyll writes compared as a document (whitespace between tags
normalised; the generator tag, which names blogpager, left out). The site's home page keeps `/`;
the archive's front page is the page that lists the posts, in that page's layout, with the loader."""
import re
import subprocess

import pytest

from helpers import run_build, write_files
from test_validators import nu_check

POSTS = {
    "_posts/2024-01-02-first-words.md": "---\ntitle: First words\nauthor: Ada\n---\n\nIt's the *first* post, with [a link](https://example.com/).\n\n"
                                        "## A heading\n\nA second paragraph, with `inline <code>` in it.\n\n```\na plain block & more\n```\n\n"
                                        "    an indented block\n\n{% highlight text %}\nthe highlight tag's \"text\"\n{% endhighlight %}\n\n"
                                        "***Both*** at once, and a note[^more].\n\n[^more]: The note's words.\n",
    "_posts/2024-02-03-second.md": "---\ntitle: \"The second: more\"\ndescription: A post with its own description.\ntags: [notes]\n---\n"
                                   "- one\n- two\n\n> quoted words\n",
    "_posts/2024-03-04-third.markdown": "---\ntitle: Third & last\ncategories: news\nimage: /images/third.png\n---\nThe last one.\n",
}

MINIMA_SITE = {
    "_config.yml": "title: Minima blog\ndescription: Words on a theme.\nurl: https://example.org\nauthor: Grace\n"
                   "theme: minima\nplugins:\n  - jekyll-feed\n  - jekyll-seo-tag\ntwitter_username: someone\ngithub_username: someone\n"
                   "defaults:\n  - scope:\n      path: \"\"\n      type: posts\n    values:\n      layout: post\n",
    "index.md": "---\nlayout: home\n---\nWelcome to the *home* page.\n",
    "about.md": "---\nlayout: page\ntitle: About\npermalink: /about/\n---\nAbout this blog.\n",
    "images/third.png": "not really a picture\n",
    **POSTS,
}

OWN_LAYOUTS_SITE = {
    "_config.yml": "title: Own layouts\nurl: https://example.org\nbaseurl: /words\nplugins: [jekyll-redirect-from]\n"
                   "defaults:\n  - scope:\n      type: posts\n    values:\n      layout: post\n",
    "_layouts/base.html": "<!DOCTYPE html>\n<html lang=\"{{ site.lang | default: 'en' }}\">\n<head>\n<meta charset=\"utf-8\">\n"
                          "<title>{% if page.title %}{{ page.title | escape }} | {% endif %}{{ site.title }}</title>\n"
                          "<link rel=\"stylesheet\" href=\"{{ '/css/site.css' | relative_url }}\">\n</head>\n<body class=\"{{ layout.kind }}\">\n"
                          "{% include nav.html %}\n<main>\n{{ content }}\n</main>\n{% include footer.html year=2024 %}\n</body>\n</html>\n",
    "_layouts/page.html": "---\nlayout: base\nkind: page\n---\n<article class=\"page\">\n<h1>{{ page.title }}</h1>\n{{ content }}\n</article>\n",
    "_layouts/post.html": "---\nlayout: page\nkind: post\n---\n<p class=\"meta\">{{ page.date | date: \"%B %-d, %Y\" }}"
                          "{% if page.author %} by {{ page.author }}{% endif %} in {{ layout.kind }}</p>\n<div class=\"post-body\">{{ content }}</div>\n"
                          "{% if page.previous %}<a class=\"prev\" href=\"{{ page.previous.url | relative_url }}\">{{ page.previous.title }}</a>{% endif %}\n"
                          "{% if page.next %}<a class=\"next\" href=\"{{ page.next.url | relative_url }}\">{{ page.next.title }}</a>{% endif %}\n",
    "_includes/nav.html": "<nav>{% for item in site.data.nav %}<a href=\"{{ item.url | relative_url }}\">{{ item.title }}</a>{% endfor %}</nav>\n",
    "_includes/footer.html": "<footer>© {{ include.year }} {{ site.title }} · {{ site.posts.size }} posts</footer>\n",
    "_data/nav.yml": "- title: Home\n  url: /\n- title: Writing\n  url: /blog/\n- title: About\n  url: /about/\n",
    "index.html": "---\nlayout: base\n---\n<h1>Hello</h1>\n<p>The newest: {{ site.posts.first.title }}</p>\n",
    "blog/index.html": "---\nlayout: page\ntitle: Writing\n---\n<ul>{% for post in site.posts %}<li>{{ post.title }}</li>{% endfor %}</ul>\n",
    "about.md": "---\nlayout: page\ntitle: About\nredirect_from: /old-about/\n---\nWho writes here.\n",
    "moved.md": "---\nlayout: page\ntitle: Moved\nredirect_to: https://example.com/elsewhere/\n---\nGone.\n",
    "bare.html": "---\ntitle: Bare\n---\n<p>No layout at all.</p>\n",
    "feed.xml": "---\nlayout: null\n---\n<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>{{ site.title }}</title>"
                "{% for post in site.posts %}<entry><title>{{ post.title | xml_escape }}</title><link href=\"{{ post.url | absolute_url }}\"/></entry>{% endfor %}</feed>\n",
    "robots.txt": "---\n---\nSitemap: {{ '/sitemap.xml' | absolute_url }}\n",
    "security.txt": "---\npermalink: /.well-known/security.txt\n---\nContact: mailto:security@example.org\n",
    "api/Module.apinotes": "---\nName: Module\nFunctions:\n- Name: f\n",
    "css/site.css": "body { margin: 0; }\n",
    **POSTS,
}


# A list page at `/blog/` by its permalink, its loop over articles with an `{% else %}`, the theme's grid around it.
PERMALINK_SITE = {
    "_config.yml": "title: Permalinked\nurl: https://example.org\n",
    "_layouts/default.html": "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{{ page.title }}</title>\n</head>\n"
                             "<body>\n{{ content }}\n</body>\n</html>\n",
    "index.html": "---\nlayout: default\ntitle: Home\n---\n<p>Home</p>\n",
    "blog.html": "---\nlayout: default\ntitle: Blog\npermalink: /blog/\n---\n<h1>Blog</h1>\n<div class=\"posts grid\">\n"
                 "{% for post in site.posts %}<article class=\"post\"><h2><a href=\"{{ post.url }}\">{{ post.title }}</a></h2>{{ post.excerpt }}</article>\n"
                 "{% else %}<p>Nothing yet.</p>{% endfor %}</div>\n",
    **POSTS,
}


def normalised(html):
    """A document with whitespace between and inside tags made one space, and the generator tag left out."""
    html = re.sub(r'<meta name="generator" content="[^"]*" ?/?>', "", html)
    html = re.sub(r">\s+", ">", html)
    html = re.sub(r"\s+<", "<", html)
    return " ".join(html.split())


def without_the_archive(html):
    """The page that lends the archive its list, less what the archive adds: the loader's tags, its status lines, the
    script that restores a place, our pager, the feed around the theme's list and the attributes that mark pages and entries."""
    html = re.sub(r'<script type="application/json" id="bp-strings">.*?</script>', "", html, flags=re.S)
    html = re.sub(r'<link rel="stylesheet" href="[^"]*/assets/loader\.[0-9a-f]+\.css">', "", html)
    html = re.sub(r'<script src="[^"]*/assets/(blogpager|search)\.[0-9a-f]+\.js" defer></script>', "", html)
    html = re.sub(r'<div class="bp-status bp-status-(top|bottom)"></div>', "", html)
    html = re.sub(r'<script>/\* After Back or a reload.*?</script>', "", html, flags=re.S)
    html = re.sub(r'<nav class="pager" aria-label="Archive pages">.*?</nav>', "", html, flags=re.S)
    html = re.sub(r'<div class="bp-feed" data-index="[^"]*">\s*(.*?)\s*</div>', r"\1", html, flags=re.S)
    html = re.sub(r' data-page="[^"]*" data-url="[^"]*"', "", html)
    html = re.sub(r' data-url="[^"]*" data-date="[^"]*" data-slug="[^"]*"( id="[^"]*")?', "", html)
    return html


def jekyll_build(site, out):
    subprocess.run(["jekyll", "build", "--quiet", "-s", str(site), "-d", str(out)], check=True, capture_output=True,
                   env={"JEKYLL_NO_BUNDLER_REQUIRE": "1", "PATH": "/usr/bin:/bin", "HOME": str(site.parent)})


def both(tmp_path, files):
    site = tmp_path / "site"
    write_files(site, files)
    jekyll_build(site, tmp_path / "jekyll")
    result = run_build(site, tmp_path / "out")
    return tmp_path / "jekyll", tmp_path / "out", result


def pages_written(folder):
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*.html"))


@pytest.mark.parametrize("files_id", ["minima", "own-layouts", "permalink", "markdown-list"])
def test_every_page_jekyll_writes_is_the_same_document(tmp_path, files_id):
    # The same list page in Markdown (`blog.md`): Liquid, then Markdown, leave its HTML as it is. (Its titles without `&`:
    # kramdown writes raw HTML's `&` as `&amp;`, a difference of every Markdown page with raw HTML, not of the list.)
    markdown = {("blog.md" if name == "blog.html" else name): text.replace("Third & last", "Third and last") for name, text in PERMALINK_SITE.items()}
    files = {"minima": MINIMA_SITE, "own-layouts": OWN_LAYOUTS_SITE, "permalink": PERMALINK_SITE, "markdown-list": markdown}[files_id]
    theirs, ours, result = both(tmp_path, files)
    pages = pages_written(theirs)
    assert len(pages) >= 5, pages
    for page in pages:
        assert (ours / page).exists(), (page, result.stderr)
        # The page that lists the posts holds the archive (the home page in minima, `blog/` in the other): the same but for what that adds.
        archive = page == {"minima": "index.html", "own-layouts": "blog/index.html", "permalink": "blog/index.html", "markdown-list": "blog/index.html"}[files_id]
        html = (ours / page).read_text()
        assert normalised(without_the_archive(html) if archive else html) == normalised((theirs / page).read_text()), page
        assert ('class="bp-feed"' in html) == archive, page


def test_pages_of_other_formats_are_rendered_as_jekyll_renders_them_and_the_sites_feed_is_its_own(tmp_path):
    theirs, ours, result = both(tmp_path, OWN_LAYOUTS_SITE)
    for name in ["feed.xml", "robots.txt", ".well-known/security.txt", "api/Module.apinotes"]:
        assert (ours / name).read_text() == (theirs / name).read_text(), name
    assert "not built" not in result.stderr, result.stderr


def test_the_home_page_keeps_the_root_and_the_archive_takes_the_listing_page(tmp_path):
    theirs, ours, result = both(tmp_path, OWN_LAYOUTS_SITE)
    home = (ours / "index.html").read_text()
    assert "<p>The newest: Third &amp; last</p>" in home or "<p>The newest: Third & last</p>" in home
    archive = (ours / "blog/index.html").read_text()
    # The listing page's layouts (page in base), its title, the site's navigation and footer: the archive's list inside.
    assert "<title>Writing | Own layouts</title>" in archive
    assert '<body class="page">' in archive and "<h1>Writing</h1>" in archive
    assert '<nav><a href="/words/">Home</a><a href="/words/blog/">Writing</a>' in archive
    assert "<footer>© 2024 Own layouts · 3 posts</footer>" in archive
    assert 'class="bp-feed" data-index="/words/blog/index.json"' in archive
    # The page's own list, paged: each page a copy of its `ul`, each entry its `li`.
    assert re.search(r'<ul data-page="[^"]+" data-url="/words/blog/">\s*<li data-url="/words/news/2024/03/04/third\.html" '
                     r'data-date="2024-03-04T00:00:00Z" data-slug="third" id="third">Third (&amp;|&) last</li>', archive), archive
    assert re.search(r'<script src="/words/assets/blogpager\.[0-9a-f]+\.js" defer>', archive)
    assert (ours / "blog/index.json").exists()
    assert "blog/index.html:1:1: note: the archive's front page is built here" in result.stderr, result.stderr
    # Our own list pages wear the same layouts.
    tags = (ours / "tags/index.html").read_text()
    assert '<body class="page">' in tags and "<footer>© 2024 Own layouts" in tags


def nu_errors(page):
    """The Nu HTML Checker's errors on one page, without the file's name and the place."""
    _, report = nu_check([page])
    return {re.sub(r"^.*?:\d+\.\d+-\d+\.\d+: ", "", line) for line in report.splitlines() if ": error: " in line}


def test_what_we_add_to_minima_passes_the_nu_html_checker(tmp_path):
    # minima's own markup has errors of its own (`<data href>` in its footer): ours may have those and no other.
    theirs, ours, _ = both(tmp_path, MINIMA_SITE)
    # The home page holds the archive's list; a cursor page below it, the month archive and the tags are ours in minima's layouts.
    cursor = next((ours / "page").iterdir()).relative_to(ours) / "index.html" if (ours / "page").exists() else "index.html"
    for page, like in [("index.html", "index.html"), ("about/index.html", "about/index.html"), ("2024/01/02/first-words.html", "2024/01/02/first-words.html"),
                       (str(cursor), "index.html"), ("archive/index.html", "about/index.html"), ("tags/index.html", "about/index.html")]:
        assert (ours / page).exists(), page
        assert nu_errors(ours / page) <= nu_errors(theirs / like), page


def test_a_theme_that_is_not_installed_is_a_warning_and_our_templates_serve(tmp_path):
    site = tmp_path / "site"
    write_files(site, {"_config.yml": "title: Lost theme\ntheme: jekyll-theme-nowhere\n", **POSTS})
    result = run_build(site, tmp_path / "out")
    assert "theme 'jekyll-theme-nowhere' was not found where Ruby installs gems (gem install jekyll-theme-nowhere): its layouts, includes and stylesheets are not there" in result.stderr
    assert 'class="bp-feed"' in (tmp_path / "out/index.html").read_text()


def test_theme_blogpager_keeps_our_templates_for_a_site_with_layouts(tmp_path):
    site = tmp_path / "site"
    write_files(site, {**OWN_LAYOUTS_SITE, "_config.yml": OWN_LAYOUTS_SITE["_config.yml"] + "theme: blogpager\n"})
    run_build(site, tmp_path / "out")
    post = (tmp_path / "out/2024/01/02/first-words.html").read_text()
    assert '<p class="meta">' not in post and 'class="entry' in post


def test_a_changed_layout_or_include_makes_again_the_pages_put_in_it_and_nothing_else(tmp_path):
    site, out = tmp_path / "site", tmp_path / "out"
    write_files(site, OWN_LAYOUTS_SITE)
    run_build(site, out)
    post = site / "_layouts/post.html"
    post.write_text(post.read_text().replace("in {{ layout.kind }}", "filed in {{ layout.kind }}"))
    changed = run_build(site, out)
    assert "filed in post" in (out / "2024/01/02/first-words.html").read_text()
    assert " 3 files written" in changed.stdout + changed.stderr, changed.stdout + changed.stderr
    (site / "_includes/nav.html").write_text("<nav>New navigation</nav>\n")
    run_build(site, out)
    for page in ["2024/01/02/first-words.html", "index.html", "blog/index.html", "tags/index.html", "about.html"]:
        assert "<nav>New navigation</nav>" in (out / page).read_text(), page
    again = run_build(site, out)
    assert "nothing changed since the last build" in again.stdout + again.stderr


def test_what_we_add_to_a_sites_own_layouts_passes_the_nu_html_checker(tmp_path):
    theirs, ours, _ = both(tmp_path, OWN_LAYOUTS_SITE)
    for page, like in [("index.html", "index.html"), ("2024/01/02/first-words.html", "2024/01/02/first-words.html"),
                       ("blog/index.html", "about.html"), ("tags/index.html", "about.html"), ("archive/index.html", "about.html")]:
        assert nu_errors(ours / page) <= nu_errors(theirs / like), page


def test_an_error_in_a_layout_is_at_its_line_and_nothing_is_written_a_missing_include_a_warning(tmp_path):
    site, out = tmp_path / "site", tmp_path / "out"
    write_files(site, {**OWN_LAYOUTS_SITE, "_layouts/post.html": "---\nlayout: page\n---\n<p>{% if page.title %}never closed\n"})
    result = run_build(site, out, check=False)
    assert result.returncode != 0 and not out.exists()
    assert f"{site}/_layouts/post.html:4:4: error: Liquid: 'if' tag was never closed (rendering " in result.stderr, result.stderr
    write_files(site, {"_layouts/post.html": "---\nlayout: page\n---\n{{ content }}{% include share.html %}{% gist 12345 %}\n"})
    result = run_build(site, out)
    assert f"{site}/_layouts/post.html:1:1: warning: include 'share.html' is not in _includes/ (nor the theme's): it is left out" in result.stderr
    assert f"{site}/_layouts/post.html:4:" in result.stderr and "'gist' is a tag blogpager does not have" in result.stderr
    assert "Who writes here." in (out / "about.html").read_text()


GITHUB_PAGES_SITE = {
    "_config.yml": "title: Pages\nplugins:\n  - jekyll-default-layout\n  - jekyll-titles-from-headings\n  - jekyll-optional-front-matter\n"
                   "  - jekyll-relative-links\n  - jekyll-readme-index\n",
    "_layouts/default.html": "<html><title>{{ page.title }}</title><body class=\"{{ page.layout }}\">{{ content }}</body></html>\n",
    "_layouts/post.html": "---\nlayout: default\n---\n<article>{{ content }}</article>\n",
    "_layouts/page.html": "---\nlayout: default\n---\n<main>{{ content }}</main>\n",
    "README.md": "# Readme title\n\nSee [about](about.md), [the guide](docs/guide.md#setup) and [elsewhere](https://example.com/x.md).\n",
    "about.md": "# About us\n\nText and [the post](_posts/2020-01-01-a.md).\n",
    "docs/guide.md": "---\n---\nSetup\n=====\n\nBack [home](../README.md) and [about](../about.md).\n",
    "_posts/2020-01-01-a.md": "---\ntitle: A post\n---\nA post's words.\n",
}


def test_github_pages_plugins_are_made_as_the_real_ones_make_them(tmp_path):
    # jekyll-default-layout, titles-from-headings, optional-front-matter, relative-links and readme-index,
    # each beside Debian's package of it.
    theirs, ours, result = both(tmp_path, GITHUB_PAGES_SITE)
    pages = [page for page in pages_written(theirs) if page != "blog/index.html"]
    assert {"index.html", "about.html", "docs/guide.html", "2020/01/01/a.html"} <= set(pages), pages
    for page in pages:
        assert normalised((ours / page).read_text()) == normalised((theirs / page).read_text()), page
    # A Markdown file without front matter is copied as it is too, as Jekyll copies it.
    assert (ours / "about.md").read_text() == (theirs / "about.md").read_text()
    assert "not run" not in result.stderr, result.stderr


PAGINATE_V2_SITE = {
    "_config.yml": "title: V2\nplugins: [jekyll-paginate-v2]\npagination:\n  enabled: true\n  per_page: 2\n  permalink: /page/:num/\n  sort_reverse: true\n",
    "_layouts/default.html": "<html><title>{{ page.title }}</title><body>{{ content }}</body></html>\n",
    "index.html": "---\nlayout: default\npagination:\n  enabled: true\n---\n{% for post in paginator.posts %}<p>{{ post.title }}</p>{% endfor %}"
                  "<nav>{{ paginator.page }} of {{ paginator.total_pages }}, {{ paginator.total_posts }} posts, {{ paginator.per_page }} a page: "
                  "{{ paginator.next_page }} {{ paginator.next_page_path }} [{{ paginator.previous_page_path }}] "
                  "{{ paginator.first_page_path }} {{ paginator.last_page_path }}</nav>\n",
    **{f"_posts/2020-01-0{n}-p{n}.md": f"---\ntitle: Post {n}\n---\nWords.\n" for n in range(1, 6)},
}


def test_jekyll_paginate_v2s_first_page_is_as_the_plugin_makes_it_and_the_archive_goes_beside_it(tmp_path):
    theirs, ours, result = both(tmp_path, PAGINATE_V2_SITE)
    assert normalised((ours / "index.html").read_text()) == normalised((theirs / "index.html").read_text())
    assert "<p>Post 5</p><p>Post 4</p>" in (ours / "index.html").read_text()
    assert 'class="bp-feed" data-index="/blog/index.json"' in (ours / "blog/index.html").read_text()
    # Its numbered pages lead to the archive's.
    assert 'http-equiv="refresh"' in (ours / "page/2/index.html").read_text()

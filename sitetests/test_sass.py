"""A Jekyll site's Sass, compiled as upstream Jekyll 4.3 compiles it (jekyll-sass-converter 3, Dart
Sass): a stylesheet that opens with front matter is compiled with `_sass/` and `load_paths`, its
Liquid rendered first, to CSS at its own place. Debian's Jekyll 4.3 (libsass) builds the same
fixture and is the ground truth, compared by rules and declarations, not bytes; what libsass
cannot read (`@use`, `math.div`) compiles all the same; a stylesheet that does not compile is a
warning at its line, and the site is built.
"""
import json
import re
import subprocess

from helpers import run_build, tree_digest, write_files

CONFIG = "title: Styled\nurl: https://example.org\nbaseurl: /blog\nsass:\n  load_paths: [vendor-styles]\n"

FILES = {
    "_config.yml": CONFIG,
    "_posts/2024-01-02-hello.md": "---\ntitle: Hello\n---\nHi.\n",
    "_sass/_base.scss": "$accent: #c33;\n$gap: 12px;\n@mixin boxed($width) { border: $width solid $accent; padding: $gap; }\n",
    "_sass/layout/_grid.scss": ".grid { display: grid; gap: $gap * 2; .cell { margin: 0 auto; } }\n",
    "vendor-styles/_reset.scss": "* { box-sizing: border-box; }\n",
    "assets/main.scss": "---\n# the dashes are enough\n---\n@import \"reset\";\n@import \"base\";\n@import \"layout/grid\";\n"
                        "body { color: $accent; background: url(\"{{ site.baseurl }}/img/bg.png\"); }\n"
                        ".card { @include boxed(2px); &:hover { color: darken($accent, 10%); } }\n",
    "assets/css/print.sass": "---\n---\n@import \"base\"\nbody\n  font-size: 10pt\n  a\n    color: $accent\n",
    "assets/plain.css": "p { margin: 0; }\n",
}


def rules(css):
    """{selector: sorted declarations} of a style sheet, whitespace, comments and quotes libsass and
    Dart Sass write differently aside."""
    text = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = {}
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        # Dart Sass writes `[for=nav-trigger]` where libsass keeps `[for="nav-trigger"]`: the same selector.
        key = re.sub(r'=\s*"([-\w]+)"\]', r"=\1]", " ".join(selector.split()))
        found[key] = sorted(" ".join(part.split()).replace(": ", ":") for part in body.split(";") if part.strip())
    return found


def test_stylesheets_compile_as_jekyll_compiles_them(tmp_path):
    site = tmp_path / "site"
    write_files(site, FILES)
    subprocess.run(["jekyll", "build", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")], check=True, capture_output=True)
    result = run_build(site, tmp_path / "out")
    out, jekyll = tmp_path / "out", tmp_path / "jekyll"
    for sheet in ["assets/main.css", "assets/css/print.css"]:
        ours, theirs = rules((out / sheet).read_text()), rules((jekyll / sheet).read_text())
        assert ours == theirs, (sheet, ours, theirs)
    assert rules((out / "assets/main.css").read_text())["body"] == ["background:url(\"/blog/img/bg.png\")", "color:#c33"]
    assert (out / "assets/plain.css").read_text() == "p { margin: 0; }\n"
    assert not (out / "assets/main.scss").exists() and not (out / "_sass").exists()
    assert "Sass" not in result.stderr and "not built" not in result.stderr, result.stderr
    # Each stylesheet's map beside it, as Jekyll writes it, its sources named by their place in the site.
    assert (out / "assets/main.css").read_text().rstrip().endswith("/*# sourceMappingURL=main.css.map */")
    sources = json.loads((out / "assets/main.css.map").read_text())["sources"]
    assert set(sources) == {"assets/main.scss", "vendor-styles/_reset.scss", "_sass/_base.scss", "_sass/layout/_grid.scss"}, sources
    assert (jekyll / "assets/main.css.map").exists() and (out / "assets/css/print.css.map").exists()


def test_what_libsass_refuses_dart_sass_compiles(tmp_path):
    site = tmp_path / "site"
    write_files(site, {
        "_config.yml": "title: Modern\n",
        "_posts/2024-01-02-hello.md": "---\ntitle: Hello\n---\nHi.\n",
        "_sass/_tokens.scss": "$base: 24px;\n",
        "assets/site.scss": "---\n---\n@use \"sass:math\";\n@use \"tokens\";\n.half { width: math.div(tokens.$base, 2); height: min(50vh, 300px); }\n",
    })
    result = run_build(site, tmp_path / "out")
    assert rules((tmp_path / "out/assets/site.css").read_text()) == {".half": ["height:min(50vh, 300px)", "width:12px"]}, result.stderr


def test_a_stylesheet_that_does_not_compile_is_a_warning_at_its_line(tmp_path):
    site = tmp_path / "site"
    files = dict(FILES)
    files["assets/broken.scss"] = "---\ntitle: x\n---\n.a { color: red; }\n.b { color: $missing; }\n"
    write_files(site, files)
    result = run_build(site, tmp_path / "out")
    assert f"{site}/assets/broken.scss:5:13: warning: Sass: Undefined variable; the stylesheet is not built" in result.stderr, result.stderr
    assert not (tmp_path / "out/assets/broken.css").exists()
    assert (tmp_path / "out/assets/main.css").exists() and (tmp_path / "out/2024/01/02/hello.html").exists()


def test_a_partial_changed_rewrites_the_stylesheets_that_import_it(tmp_path):
    site, out = tmp_path / "site", tmp_path / "out"
    write_files(site, FILES)
    run_build(site, out)
    before = tree_digest(out)
    (site / "_sass/_base.scss").write_text((site / "_sass/_base.scss").read_text().replace("#c33", "#3c3"))
    run_build(site, out)
    after = tree_digest(out)
    changed = {path for path in after if before.get(path) != after[path] and not path.startswith(".blogpager/")}
    assert changed == {"assets/main.css", "assets/main.css.map", "assets/css/print.css", "assets/css/print.css.map"}, changed
    assert "color: #3c3" in (out / "assets/main.css").read_text()


def test_a_site_on_minima_compiles_the_themes_stylesheets(tmp_path):
    """Debian's jekyll-theme-minima 2.5.1: `assets/main.scss` imports the theme's `_sass/minima`."""
    site = tmp_path / "site"
    write_files(site, {
        "_config.yml": "title: On minima\ntheme: minima\n",
        "_posts/2024-01-02-hello.md": "---\ntitle: Hello\nlayout: post\n---\nHi.\n",
        "assets/main.scss": "---\n---\n$brand-color: #036;\n@import \"minima\";\n.extra { margin: 1px; }\n",
    })
    subprocess.run(["jekyll", "build", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")], check=True, capture_output=True)
    result = run_build(site, tmp_path / "out")
    ours, theirs = rules((tmp_path / "out/assets/main.css").read_text()), rules((tmp_path / "jekyll/assets/main.css").read_text())
    differ = {key: (ours.get(key), theirs.get(key)) for key in set(ours) | set(theirs) if ours.get(key) != theirs.get(key)}
    assert len(theirs) > 50 and not differ, differ
    assert "warning: 'theme'" not in result.stderr and "theme 'minima' was not found" not in result.stderr


def test_a_theme_that_is_not_installed_is_a_warning_naming_it(tmp_path):
    site = tmp_path / "site"
    write_files(site, {
        "_config.yml": "title: Lost\ntheme: no-such-theme\n",
        "_posts/2024-01-02-hello.md": "---\ntitle: Hello\n---\nHi.\n",
        "assets/main.scss": "---\n---\n@import \"no-such-theme\";\n",
    })
    result = run_build(site, tmp_path / "out")
    assert f"{site}/_config.yml:1:1: warning: theme 'no-such-theme' was not found where Ruby installs gems (gem install no-such-theme): its layouts, includes and stylesheets are not there, and blogpager's templates serve where the site has no layouts of its own" in result.stderr, result.stderr
    assert f"{site}/assets/main.scss:3:9: warning: Sass: Can't find stylesheet to import; the stylesheet is not built" in result.stderr
    assert (tmp_path / "out/2024/01/02/hello.html").exists()


def test_a_site_on_minima_without_its_own_stylesheet_gets_the_themes_assets(tmp_path):
    """Jekyll renders the theme gem's `assets/` where the site has no file of its own at their place."""
    site = tmp_path / "site"
    write_files(site, {
        "_config.yml": "title: Plain minima\ntheme: minima\n",
        "_posts/2024-01-02-hello.md": "---\ntitle: Hello\nlayout: post\n---\nHi.\n",
        "assets/minima-social-icons.svg": "<svg>own</svg>\n",
    })
    subprocess.run(["jekyll", "build", "--quiet", "-s", str(site), "-d", str(tmp_path / "jekyll")], check=True, capture_output=True)
    run_build(site, tmp_path / "out")
    out, jekyll = tmp_path / "out", tmp_path / "jekyll"
    theirs = {str(path.relative_to(jekyll)) for path in (jekyll / "assets").rglob("*") if path.is_file()}
    ours = {str(path.relative_to(out)) for path in (out / "assets").rglob("*") if path.is_file()}
    assert {"assets/main.css", "assets/main.css.map", "assets/minima-social-icons.svg"} <= theirs <= ours, (theirs, ours)
    assert rules((out / "assets/main.css").read_text()) == rules((jekyll / "assets/main.css").read_text())
    # The site's own file at a theme asset's place wins, as in Jekyll.
    assert (out / "assets/minima-social-icons.svg").read_text() == "<svg>own</svg>\n" == (jekyll / "assets/minima-social-icons.svg").read_text()

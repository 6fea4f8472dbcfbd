"""The highlighter's helper (`pygments_helper.py`) gives what Pygments gives, to the byte.

It tries at each position only the rules that can begin with the character there, and writes
the spans in one pass; both must change nothing. Compared here with Pygments' own loop and
`HtmlFormatter`, over every lexer Pygments ships, on texts that wander through their states
(strings, comments, errors, line ends, non-ASCII) and on real files of their languages.
"""
import importlib.util
import itertools
import multiprocessing
import os
import random

import pytest

from helpers import REPO

pygments = pytest.importorskip("pygments")
from pygments.formatters import HtmlFormatter  # noqa: E402
from pygments.lexer import RegexLexer  # noqa: E402
from pygments.lexers import get_all_lexers, get_lexer_by_name  # noqa: E402

HELPER_PATH = REPO / "Sources/BlogpagerCore/Highlight/pygments_helper.py"
PYGMENTS_LOOP = RegexLexer.get_tokens_unprocessed


def load_helper():
    spec = importlib.util.spec_from_file_location("pygments_helper", HELPER_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


helper = load_helper()

# Pieces of code of many languages, joined at random: quotes, comment markers, brackets,
# keywords, numbers, line ends of both kinds, tabs, non-ASCII letters and spaces.
PIECES = ['"', "'", "`", "/*", "*/", "//", "#", "--", ";", "{", "}", "(", ")", "[", "]", "<", ">",
          "</", "/>", "=", "==", "\\", "\n", "\n\n", " ", "\t", "$", "@", "%", "&", "|", "if", "else",
          "for", "def", "class", "function", "let", "var", "return", "x", "Foo", "bar_baz", "123",
          "0x1F", "3.14e-2", "ü", "日本", "<!--", "-->", '"""', "'''", ":", "::", ".", ",", "+", "-",
          "*", "?", "!", "^", "~", 'r"', "b'", "#!", "{{", "}}", "{%", "%}", "END", "begin", "SELECT",
          "\r\n", "é", "\u00a0", "K", "k", "\u212a", "ſ", "s"]

# Real files of the repository, cut to a size every lexer lexes in milliseconds.
REAL_FILES = ["Sources/BlogpagerCore/Highlight/pygments_helper.py", "README.md", "Makefile",
              "Sources/BlogpagerCore/Render/StreamRenderer.swift", "templates/assets/blogpager.css",
              "templates/layout.mustache"]


def wandering_texts(count=3, pieces=300, seed=7):
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(pieces)) for _ in range(count)]


def every_lexer():
    names = sorted({aliases[0] for _, aliases, _, _ in get_all_lexers() if aliases})
    assert len(names) > 500, "Pygments ships over 500 lexers"
    return names


def tokens(lexer, text, loop):
    RegexLexer.get_tokens_unprocessed = loop
    try:
        # Bounded, so that a loop that stopped advancing fails instead of running forever.
        return list(itertools.islice(lexer.get_tokens(text), 10 * len(text) + 1000))
    except Exception as error:  # a lexer that raises must raise the same way with both
        return ("raised", type(error).__name__, str(error))
    finally:
        RegexLexer.get_tokens_unprocessed = PYGMENTS_LOOP


def pygments_spans(tokens_):
    out = []

    class Sink:
        write = out.append

    HtmlFormatter(nowrap=True).format(iter(tokens_), Sink())
    return "".join(out)


TEXTS = wandering_texts() + [(REPO / path).read_text(encoding="utf-8")[:3000] for path in REAL_FILES]


def compare_lexer(name):
    """What differs between the helper and Pygments for one lexer over TEXTS, and how many texts."""
    lexer = get_lexer_by_name(name, stripnl=False, ensurenl=False, tabsize=0)
    formatter = HtmlFormatter(nowrap=True)
    differ = []
    for number, text in enumerate(TEXTS):
        theirs = tokens(lexer, text, PYGMENTS_LOOP)
        ours = tokens(lexer, text, helper.narrowed_get_tokens_unprocessed)
        if ours != theirs:
            differ.append(f"{name}: text {number}: tokens differ")
        elif isinstance(theirs, list) and helper.spans(formatter, theirs) != pygments_spans(theirs):
            differ.append(f"{name}: text {number}: spans differ")
    return differ, len(TEXTS)


def test_every_lexer_gives_pygments_tokens_and_spans():
    # Over 500 lexers, each on its own: forked workers share the loaded helper and use every core.
    with multiprocessing.get_context("fork").Pool(os.cpu_count()) as pool:
        results = pool.map(compare_lexer, every_lexer(), chunksize=8)
    differ = [line for lines, _ in results for line in lines]
    compared = sum(count for _, count in results)
    assert not differ, differ[:20]
    assert compared > 4000


@pytest.mark.parametrize("language, path", [
    ("swift", "Sources/BlogpagerCore/Pipeline/SiteBuilder.swift"),
    ("python", "Sources/BlogpagerCore/Highlight/pygments_helper.py"),
    ("python", "bench/build_bench.py"),
    ("c", "bench/cmark_floor.c"),
    ("javascript", "templates/assets/blogpager.js"),
    ("css", "templates/assets/blogpager.css"),
    ("html", "templates/layout.mustache"),
    ("make", "Makefile"),
    ("bash", ".ci/run"),
    ("markdown", "README.md"),
    ("json", "docs/index.schema.json"),
    ("yaml", "blogpager.yml"),
])
def test_whole_files_highlight_as_pygments_does(language, path):
    text = (REPO / path).read_text(encoding="utf-8")
    lexer = get_lexer_by_name(language, stripnl=False, ensurenl=False, tabsize=0)
    theirs = tokens(lexer, text, PYGMENTS_LOOP)
    assert tokens(lexer, text, helper.narrowed_get_tokens_unprocessed) == theirs
    assert helper.spans(HtmlFormatter(nowrap=True), theirs) == pygments_spans(theirs)


def test_the_helper_answers_as_pygments_would():
    """The helper's own entry point (lexer options, unknown languages) with its loop installed."""
    code = 'let greeting = "<hello & \'you\'>"\n// done\n'
    expected = pygments_spans(get_lexer_by_name("swift", stripnl=False, ensurenl=False, tabsize=0).get_tokens(code))
    highlighter = helper.Highlighter()
    helper.install()
    try:
        assert highlighter.spans("Swift", code) == expected
        assert highlighter.spans("no-such-language", code) is None
        assert '<span class="s">&quot;&lt;hello &amp; &#39;you&#39;&gt;&quot;</span>' in expected
    finally:
        RegexLexer.get_tokens_unprocessed = PYGMENTS_LOOP


@pytest.mark.parametrize("pattern, flags, starts, can_be_empty", [
    (r"abc", 0, "a", False),
    (r"(?i)abc", 0, "aA", False),
    ("\u212a", "i", "kK", False),  # the Kelvin sign folds to k: a rule of it can begin at "k"
    (r"\s+", 0, " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f", False),
    (r"a*b", 0, "ab", False),
    (r"(?=x)y|z", 0, "yz", False),
    (r"(?<=\w)\.", 0, ".", False),
    (r"\b(if|for)\b", 0, "if", False),
    (r"x?", 0, "x", True),
    (r"", 0, "", True),
    (r"(?i:q)r", 0, "qQ", False),
    (r"[^a-y]", 0, None, False),  # tested below: everything ASCII but a to y
])
def test_first_characters_of_a_rule(pattern, flags, starts, can_be_empty):
    import re
    compiled = re.compile(pattern, re.IGNORECASE if flags == "i" else 0)
    first, empty = helper.first_characters(compiled)
    assert empty == can_be_empty
    if starts is None:
        assert first == frozenset(code for code in range(128) if not ord("a") <= code <= ord("y"))
    else:
        assert first == frozenset(map(ord, starts))


def test_what_cannot_be_told_is_always_tried():
    import re
    assert helper.first_characters(re.compile(r"(a)?\1b"))[0] is helper.ANY_START
    assert helper.first_characters(re.compile(r"(?P<q>')?(?(q)x|y)"))[0] is helper.ANY_START


def test_the_narrowing_leaves_rules_out():
    """Not a loop that tries every rule anyway: most of the Swift lexer's rules are left out
    for a letter, and a letter's rules are fewer than a quote's."""
    lexer = get_lexer_by_name("swift")
    table = helper.RulesByFirstCharacter(lexer._tokens).table("root")
    every = len(lexer._tokens["root"])
    assert len(table[ord("v")]) < every / 3
    assert all(len(rules) <= every for rules in table)
    assert {rule[1] for rule in table[ord("/")]} >= {rule[1] for rule in lexer._tokens["root"][2:4]}

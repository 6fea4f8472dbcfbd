"""blogpager's highlighter helper: one long-lived Python process running Pygments.

The build starts it (`PygmentsHelper.swift` carries this file, embedded at build time) and
sends it an entry's code blocks at once; it answers each block's token spans (Pygments'
HTML classes: `k`, `s`, `c`...), or none for a language Pygments does not know. Blocks and
answers go as length-prefixed UTF-8: a count, then `language<TAB>bytes` and the code; `bytes`
or `-` and the spans. It reads until its input closes (the build ended or was killed).

The tokens are Pygments' own: its lexers, its token types, its class names. Two parts run
faster than Pygments' generic ones, and give the same output to the byte (the tests compare
them over every lexer Pygments ships):

- `narrowed_get_tokens_unprocessed` is Pygments' loop, trying at each position only the rules
  of the state that can begin with the character there (`RulesByFirstCharacter`), where
  Pygments tries every rule until one matches. A rule left out could not have matched, so no
  token changes. What a rule can begin with is read from its parsed expression and asked of
  `re` itself, character by character; where it cannot be told, the rule is always tried.
  About 88 tokens a block of the bench's Swift, and a dozen failed `match` calls for each,
  were two thirds of a build's Python time.
- `spans` writes what `HtmlFormatter(nowrap=True)` writes, in one pass without its generators.
"""
import sys

if __name__ == "__main__" and sys.path and sys.path[0] == "":
    # The folder the build runs in (`-c` puts it first) is no place to import from: a file there
    # would shadow a module, and each file made there would make the next build start Python first.
    del sys.path[0]

import json
import re

try:
    import pygments
    from pygments.formatters import HtmlFormatter
    from pygments.lexer import RegexLexer
    from pygments.lexers import get_lexer_by_name
    from pygments.token import Error, Whitespace, _TokenType
    from pygments.util import ClassNotFound
except ImportError:
    pygments = None

try:  # the parser behind `re`, to know which characters a rule can begin with
    from re import _compiler as _sre_compile, _constants as _sre_constants, _parser as _sre_parse
except ImportError:  # before Python 3.11
    try:
        import sre_compile as _sre_compile, sre_constants as _sre_constants, sre_parse as _sre_parse
    except ImportError:
        _sre_parse = None


# MARK: Which characters a rule can begin with

ANY_START = None  # a rule that may begin with any character, or one we cannot tell


def first_characters(pattern):
    """The ASCII codes `pattern` can begin a match with, and whether it can match nothing;
    `ANY_START` where that cannot be told. Over-approximates, never under."""
    if _sre_parse is None:
        return ANY_START, True
    key = (pattern.pattern, pattern.flags)
    found = _first_characters.get(key)
    if found is None:
        try:
            tree = _sre_parse.parse(pattern.pattern, pattern.flags)
            found = _first_of_sequence(list(tree), tree.state.flags)
        except Exception:
            found = ANY_START, True
        _first_characters[key] = found
    return found


# A rule included in several states (Pygments' `include`) is read once.
_first_characters = {}


def _first_of_sequence(items, flags):
    found = set()
    for op, argument in items:
        first, empty = _first_of_item(op, argument, flags)
        if first is ANY_START:
            return ANY_START, True
        found |= first
        if not empty:
            return frozenset(found), False
    return frozenset(found), True


def _first_of_item(op, argument, flags):
    c = _sre_constants
    if op in (c.LITERAL, c.NOT_LITERAL, c.IN, c.ANY):
        return _matching_ascii(op, argument, flags), False
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
        # Zero-width: a lookaround only narrows what follows; taking it as nothing over-approximates.
        return frozenset(), True
    if op is c.SUBPATTERN:
        _, added, removed, inner = argument
        return _first_of_sequence(inner, (flags | added) & ~removed)
    if op is getattr(c, "ATOMIC_GROUP", object()):
        return _first_of_sequence(argument, flags)
    if op is c.BRANCH:
        found, empty = set(), False
        for alternative in argument[1]:
            first, can_be_empty = _first_of_sequence(alternative, flags)
            if first is ANY_START:
                return ANY_START, True
            found |= first
            empty = empty or can_be_empty
        return frozenset(found), empty
    if op in (c.MAX_REPEAT, c.MIN_REPEAT) or op is getattr(c, "POSSESSIVE_REPEAT", object()):
        least, _, inner = argument
        first, empty = _first_of_sequence(inner, flags)
        if first is ANY_START:
            return ANY_START, True
        return first, empty or least == 0
    return ANY_START, True  # a back-reference, a conditional, anything new


_matched_ascii = {}


def _matching_ascii(op, argument, flags):
    """The ASCII characters one single-character item matches, asked of `re` itself (so case
    folding, categories and negation are its own); a literal without case folding is itself."""
    if op is _sre_constants.LITERAL and not flags & re.IGNORECASE:
        return frozenset((argument,)) if argument < 128 else frozenset()
    key = (op, repr(argument), flags)
    found = _matched_ascii.get(key)
    if found is None:
        state = _sre_parse.State()
        state.flags = flags
        item = _sre_compile.compile(_sre_parse.SubPattern(state, [(op, argument)]), flags)
        found = frozenset(code for code in range(128) if item.fullmatch(chr(code)))
        _matched_ascii[key] = found
    return found


# MARK: A state's rules by first character

class RulesByFirstCharacter:
    """A lexer's rules, state by state, narrowed for each ASCII character to those that can
    begin with it (and those that can match nothing), in their order. Pygments tries every
    rule of a state at each position until one matches; a rule that cannot begin with the
    character there would fail, so leaving it out changes no token."""

    def __init__(self, tokendefs):
        self.tokendefs = tokendefs
        self.states = {}

    def table(self, state):
        """129 tuples of rules, `(rexmatch, action, new_state, is_token_type)`: one an ASCII
        character, then all of them; made the first time the state is entered."""
        table = self.states.get(state)
        if table is None:
            rules = self.tokendefs[state]
            starts = [first_characters(rule[0].__self__) if _is_pattern_match(rule[0]) else (ANY_START, True)
                      for rule in rules]
            marked = [(rexmatch, action, new_state, type(action) is _TokenType) for rexmatch, action, new_state in rules]
            table = []
            made = {}
            for code in range(128):
                chosen = tuple(index for index, (first, empty) in enumerate(starts)
                               if empty or first is ANY_START or code in first)
                if chosen not in made:
                    made[chosen] = tuple(marked[index] for index in chosen)
                table.append(made[chosen])
            # Any other character, and the text's end: every rule.
            table.append(tuple(marked))
            self.states[state] = table
        return table


def _is_pattern_match(rexmatch):
    """Whether a rule matches as a compiled expression's `match` (Pygments' own rules all do)."""
    return isinstance(getattr(rexmatch, "__self__", None), re.Pattern) and getattr(rexmatch, "__name__", "") == "match"


_rules_by_lexer = {}


def _rules(tokendefs):
    """The lexer's `RulesByFirstCharacter`, one a lexer class (its processed rules)."""
    known = _rules_by_lexer.get(id(tokendefs))
    if known is None or known.tokendefs is not tokendefs:
        known = RulesByFirstCharacter(tokendefs)
        _rules_by_lexer[id(tokendefs)] = known
    return known


def narrowed_get_tokens_unprocessed(self, text, stack=("root",)):
    """`RegexLexer.get_tokens_unprocessed`, trying at each position only the rules that can
    begin with its character: the same tokens, step for step."""
    pos = 0
    end = len(text)
    tokendefs = self._tokens
    by_first = _rules(tokendefs)
    statestack = list(stack)
    table = by_first.table(statestack[-1])
    while 1:
        code = ord(text[pos]) if pos < end else 128
        for rexmatch, action, new_state, is_token_type in table[code if code < 128 else 128]:
            m = rexmatch(text, pos)
            if m:
                if is_token_type:
                    yield pos, action, m.group()
                elif action is not None:
                    yield from action(self, m)
                pos = m.end()
                if new_state is not None:
                    # What Pygments does on a state change, step for step.
                    if isinstance(new_state, tuple):
                        for state in new_state:
                            if state == "#pop":
                                if len(statestack) > 1:
                                    statestack.pop()
                            elif state == "#push":
                                statestack.append(statestack[-1])
                            else:
                                statestack.append(state)
                    elif isinstance(new_state, int):
                        # pop, but keep at least one state on the stack
                        if abs(new_state) >= len(statestack):
                            del statestack[1:]
                        else:
                            del statestack[new_state:]
                    elif new_state == "#push":
                        statestack.append(statestack[-1])
                    else:
                        assert False, f"wrong state def: {new_state!r}"
                    table = by_first.table(statestack[-1])
                break
        else:
            try:
                if text[pos] == "\n":
                    # at the end of a line, back to "root"
                    statestack = ["root"]
                    table = by_first.table("root")
                    yield pos, Whitespace, "\n"
                    pos += 1
                    continue
                yield pos, Error, text[pos]
                pos += 1
            except IndexError:
                break


# MARK: The spans

_ESCAPES = {ord("&"): "&amp;", ord("<"): "&lt;", ord(">"): "&gt;", ord('"'): "&quot;", ord("'"): "&#39;"}


def spans(formatter, tokens):
    """What `formatter` (an `HtmlFormatter(nowrap=True)`) writes for `tokens`, byte for byte:
    each run of one class in a span, every span closed at a line's end, no empty span."""
    openers = formatter.span_element_openers
    out = []
    write = out.append
    open_span = ""  # the span the line's text is in
    line = False  # whether the line has text yet
    for ttype, value in tokens:
        span = openers.get(ttype)
        if span is None:
            css = formatter._get_css_classes(ttype)
            span = f'<span class="{css}">' if css else ""
            openers[ttype] = span
        if "&" in value or "<" in value or ">" in value or '"' in value or "'" in value:
            value = value.translate(_ESCAPES)
        if "\n" in value:
            parts = value.split("\n")
            for part in parts[:-1]:
                if line and (open_span == span or not part):
                    write(part)
                    if open_span:
                        write("</span>")
                elif line:
                    if open_span:
                        write("</span>")
                    write(span)
                    write(part)
                    if span:
                        write("</span>")
                elif part:
                    write(span)
                    write(part)
                    if span:
                        write("</span>")
                write("\n")
                line = False
            value = parts[-1]
        if value:
            if not line:
                write(span)
                open_span = span
                line = True
            elif open_span != span:
                if open_span:
                    write("</span>")
                write(span)
                open_span = span
            write(value)
    if line:
        if open_span:
            write("</span>")
        write("\n")
    return "".join(out)


# MARK: The process

class Highlighter:
    """Lexers by name, made once; a block's spans, or None for a language Pygments does not know."""

    def __init__(self):
        self.formatter = HtmlFormatter(nowrap=True)
        self.lexers = {}

    def lexer(self, name):
        if name not in self.lexers:
            try:
                self.lexers[name] = get_lexer_by_name(name, stripnl=False, ensurenl=False, tabsize=0)
            except ClassNotFound:
                self.lexers[name] = None
        return self.lexers[name]

    def spans(self, language, code):
        found = self.lexer(language.lower())
        if found is None:
            return None
        return spans(self.formatter, found.get_tokens(code))


def install():
    """Pygments' lexers, in this process, try only the rules a character allows (every
    `RegexLexer`, and those that call its loop from their own)."""
    RegexLexer.get_tokens_unprocessed = narrowed_get_tokens_unprocessed


def import_paths():
    """Where Python imports from, and the site folders that would join that once made: while
    none of them changes, the same Pygments answers (`PythonFingerprint`)."""
    import os
    import site
    paths = [os.path.abspath(path) for path in sys.path]
    try:
        paths += site.getsitepackages() + [site.getusersitepackages()]
    except Exception:
        pass
    return paths + [os.path.join(sys.prefix, "pyvenv.cfg"), os.path.dirname(pygments.__file__), pygments.__file__]


def main():
    if pygments is None:
        print(json.dumps({"error": "Pygments is not installed for " + sys.executable}), flush=True)
        return
    print(json.dumps({"version": pygments.__version__, "paths": import_paths()}), flush=True)
    install()
    highlighter = Highlighter()
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    while True:
        count = requests.readline()
        if not count:
            break
        out = []
        for _ in range(int(count)):
            language, size = requests.readline().decode("utf-8").rstrip("\n").split("\t")
            found = highlighter.spans(language, requests.read(int(size)).decode("utf-8"))
            if found is None:
                out.append(b"-\n")
            else:
                found = found.encode("utf-8")
                out.append(b"%d\n%s" % (len(found), found))
        answers.write(b"".join(out))
        answers.flush()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A deterministic blog corpus for the benchmarks: N entries with YAML front
matter (dates with offsets such as +09:00 and -07:00, some equal dates, ~50
tags, ~1% drafts) and bodies of 600-1,500 words with headings, lists, code,
links and some Japanese text. The same N and seed always give the same bytes.

    python3 bench/corpus.py 10000 /tmp/corpus/content
"""
import argparse
import datetime
import random
from pathlib import Path

WORDS = (
    "archive scroll page entry cursor stable boundary fragment index reader browser server cache "
    "static site generator markdown template feed build incremental hash order newest oldest "
    "morning evening garden kitchen train river mountain coffee letter notebook window weather "
    "small large quiet bright slow quick careful simple honest useful better every other "
    "write read keep change publish remember notice measure compare explain follow return"
).split()
JAPANESE = ["今日は", "静かな", "朝でした。", "記事を", "書いて", "読み返す。", "雨の", "日曜日、",
            "散歩に", "出かけた。", "日本語の", "文章も", "少し", "混ぜる。"]
TAGS = [f"topic-{n:02d}" for n in range(44)] + ["swift", "web", "日本語", "notes", "travel", "books"]
OFFSETS = ["+09:00", "-07:00", "Z", "+01:00", "-04:00", "+05:30"]


def sentence(rng, japanese=False):
    if japanese:
        return "".join(rng.choice(JAPANESE) for _ in range(rng.randint(4, 9)))
    words = [rng.choice(WORDS) for _ in range(rng.randint(7, 16))]
    if rng.random() < 0.15:
        words[rng.randrange(len(words))] = f"[{rng.choice(WORDS)}](https://example.org/{rng.choice(WORDS)}/{rng.randint(1, 999)})"
    if rng.random() < 0.1:
        words[rng.randrange(len(words))] = f"`{rng.choice(WORDS)}()`"
    return " ".join(words).capitalize() + "."


def body(rng, index, unique_code=False):
    target = rng.randint(600, 1500)
    parts, words = [], 0
    japanese = index % 7 == 0
    while words < target:
        kind = rng.random()
        if kind < 0.12:
            parts.append("## " + " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 5))).capitalize())
            words += 4
        elif kind < 0.22:
            items = [f"- {sentence(rng)}" for _ in range(rng.randint(3, 6))]
            parts.append("\n".join(items))
            words += 12 * len(items)
        elif kind < 0.28:
            lines = [f"let value{n} = compute({rng.randint(0, 99)}, \"{rng.choice(WORDS)}\")" for n in range(rng.randint(3, 8))]
            if unique_code:
                # A line naming the entry and the block: no two blocks of the corpus are the same.
                lines.insert(0, f"// entry {index}, block {len(parts)}")
            parts.append("```swift\n" + "\n".join(lines) + "\n```")
            words += 5 * len(lines)
        else:
            count = rng.randint(3, 7)
            text = " ".join(sentence(rng, japanese and rng.random() < 0.5) for _ in range(count))
            parts.append(text)
            words += 11 * count
    return "\n\n".join(parts + extras(index)) + "\n"


def extras(index):
    """Tables, footnotes and quotes in some entries, from a random stream of their own (the rest
    of the corpus stays as it was): a table in one entry of five, a note in one of six, a quote in
    one of four."""
    rng = random.Random(index * 7919 + 13)
    parts = []
    if index % 4 == 0:
        parts.append(f'> "{sentence(rng)}" -- {rng.choice(WORDS).capitalize()}')
    if index % 5 == 0:
        rows = [f"| {rng.choice(WORDS)} | {rng.randint(1, 999)} | {sentence(rng)} |" for _ in range(rng.randint(3, 8))]
        parts.append("| Name | Count | Note |\n|:-----|------:|------|\n" + "\n".join(rows))
    if index % 6 == 0:
        parts.append(f"{sentence(rng)}[^note]\n\n[^note]: {sentence(rng)}")
    return parts


def spacing(count):
    """Hours between entries: every 8 hours from 2005 on, closer when that would pass the end
    of 2024, so that every entry of a large corpus is in the past (future ones are left out)."""
    return min(8.0, (datetime.datetime(2025, 1, 1) - datetime.datetime(2005, 1, 1)).total_seconds() / 3600 / (count + 10))


def entry_text(index, seed=1, count=10_000, unique_code=False):
    """The bytes of entry `index` of a corpus of `count`: later indices are later dates."""
    rng = random.Random(seed * 1_000_003 + index)
    # Every 25th entry shares the previous entry's instant.
    hours = spacing(count) * (index - (1 if index % 25 == 24 else 0))
    base = datetime.datetime(2005, 1, 1, 6, 0, 0) + datetime.timedelta(seconds=round(hours * 3600))
    offset = OFFSETS[index % len(OFFSETS)]
    date = base.strftime("%Y-%m-%dT%H:%M:%S") + offset
    tags = rng.sample(TAGS, rng.randint(1, 4))
    title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 7))).capitalize()
    if index % 7 == 0:
        title = "日記: " + title
    lines = ["---", f"title: \"{title} {index}\"", f"date: {date}", f"slug: entry-{index:06d}",
             "tags: [" + ", ".join(f'"{t}"' for t in tags) + "]"]
    if index % 100 == 42:
        lines.append("draft: true")
    if rng.random() < 0.3:
        lines.append(f"summary: \"{sentence(rng)}\"")
    lines += ["---", ""]
    return "\n".join(lines) + body(rng, index, unique_code)


def entry_path(content, index):
    return Path(content) / f"{2005 + index // 1095}" / f"entry-{index:06d}.md"


def _write_range(content, start, stop, seed, count, unique_code=False):
    for index in range(start, stop):
        path = entry_path(content, index)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(entry_text(index, seed, count, unique_code))


def write_corpus(content, count, seed=1, processes=1, unique_code=False):
    """Writes the corpus; a large one on several processes (the bytes are the same). With
    `unique_code`, every code block starts with a comment naming its entry and place, as a
    real blog's blocks are mostly its own."""
    content = Path(content)
    if processes <= 1 or count < 20_000:
        _write_range(content, 0, count, seed, count, unique_code)
        return
    import multiprocessing
    step = -(-count // (processes * 8))
    with multiprocessing.Pool(processes) as pool:
        pool.starmap(_write_range, [(content, start, min(count, start + step), seed, count, unique_code) for start in range(0, count, step)])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", type=int)
    parser.add_argument("content")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--unique-code", action="store_true", help="no two code blocks alike")
    args = parser.parse_args()
    write_corpus(args.content, args.count, args.seed, unique_code=args.unique_code)


if __name__ == "__main__":
    main()

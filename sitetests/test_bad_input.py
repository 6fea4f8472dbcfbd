"""Bad input: compiler-form errors for every bad entry, a non-zero exit, and out/ untouched."""
import os
import re

import pytest

from helpers import entry, run_build, tree_digest

LINE = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+):(?P<col>\d+): error: (?P<message>.+)$", re.M)

CASES = {
    "no-front-matter.md": ("# Just a heading\n", 1, "missing front matter"),
    "unclosed.md": ("---\ntitle: Open\ndate: 2020-01-01\n\nBody\n", 1, "unclosed front matter"),
    "bad-yaml.md": ("---\ntitle: [unclosed\ndate: 2020-01-01\n---\n", None, "invalid YAML"),
    "no-title.md": ("---\ndate: 2020-01-01\n---\nBody\n", 1, "missing title"),
    "no-date.md": ("---\ntitle: Undated\n---\nBody\n", 1, "missing date"),
    "bad-date.md": ("---\ntitle: T\ndate: 2020-02-30\n---\n", 3, "invalid date"),
    "escape.md": ("---\ntitle: T\ndate: 2020-01-01\nslug: ../../etc\n---\n", 4, "slug"),
}


@pytest.fixture
def built(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "good.md").write_text(entry("Good", "2020-01-01"))
    run_build(content, tmp_path / "out")
    return tmp_path


def errors_of(result):
    return [match.groupdict() for match in LINE.finditer(result.stderr)]


def test_every_bad_entry_is_reported_in_one_run_and_out_is_untouched(built):
    content, out = built / "content", built / "out"
    before = tree_digest(out)
    for name, (text, _, _) in CASES.items():
        (content / name).write_text(text)
    (content / "not-utf8.md").write_bytes(b"---\ntitle: T\ndate: 2020-01-01\n---\ncaf\xe9\n")
    os.symlink(content / "missing-target.md", content / "dangling.md")
    result = run_build(content, out, check=False)
    assert result.returncode != 0
    errors = errors_of(result)
    by_file = {os.path.basename(e["path"]): e for e in errors}
    for name, (_, line, words) in CASES.items():
        assert name in by_file, f"{name} not reported:\n{result.stderr}"
        assert words in by_file[name]["message"]
        if line:
            assert int(by_file[name]["line"]) == line, by_file[name]
    assert by_file["not-utf8.md"]["line"] == "5" and "UTF-8" in by_file["not-utf8.md"]["message"]
    assert "cannot read" in by_file["dangling.md"]["message"]
    assert tree_digest(out) == before
    assert not [p for p in built.iterdir() if "blogpager" in p.name], "no staging folder left behind"


def test_two_entries_with_one_url_name_both_files(built):
    content = built / "content"
    (content / "2020-05-01-notes.md").write_text(entry("A"))
    (content / "sub").mkdir()
    (content / "sub" / "2021-05-01-notes.md").write_text(entry("B"))
    result = run_build(content, built / "out", check=False)
    assert result.returncode != 0
    assert "2020-05-01-notes.md" in result.stderr and "2021-05-01-notes.md" in result.stderr
    assert any("/posts/notes/" in e["message"] for e in errors_of(result))


def test_an_unknown_time_zone_is_an_error_in_the_config(built):
    (built / "blogpager.yml").write_text("title: T\ntime_zone: Mars/Olympus_Mons\n")
    result = run_build(built / "content", built / "out", check=False)
    assert result.returncode != 0
    assert errors_of(result) and errors_of(result)[0]["path"].endswith("blogpager.yml")
    assert errors_of(result)[0]["line"] == "2" and "time zone" in errors_of(result)[0]["message"]


def test_an_output_folder_that_is_not_ours_is_refused_and_kept(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "a.md").write_text(entry("A", "2020-01-01"))
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "thesis.txt").write_text("years of work")
    result = run_build(content, tmp_path / "site", check=False)
    assert result.returncode != 0 and "not written by blogpager" in result.stderr
    assert tree_digest(tmp_path / "site") == {"thesis.txt": tree_digest(tmp_path / "site")["thesis.txt"]}


@pytest.mark.parametrize("output", ["content", "content/out"])
def test_an_output_in_the_content_folder_is_refused(tmp_path, output):
    content = tmp_path / "content"
    content.mkdir()
    (content / "a.md").write_text(entry("A", "2020-01-01"))
    before = tree_digest(content)
    result = run_build(content, tmp_path / output, check=False)
    assert result.returncode != 0 and "content folder" in result.stderr
    assert tree_digest(content) == before

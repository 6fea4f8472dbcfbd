"""Golden builds: three fixture sites, one per origin, built and compared byte for byte with what was recorded.

`golden/jekyll` has front-matter defaults, a collection of dated and undated documents, Liquid, `_data`
and an include; `golden/hugo` is a site in three languages with a split config; `golden/zola` has two
blogs, aliases, taxonomies and internal links. Each is built from a copy (a build may write
`legacy-pages.yml` beside the sources) and every file of `out/` but the build's own records
(`.blogpager/`) must be as recorded in `golden/<site>/expected/`; the template's assets, the same for
every site, are recorded by their SHA-256 in `expected.assets.sha256`.

When a change is meant to change the output, record it again and review the diff:
    BLOGPAGER_GOLDEN_RECORD=1 make site-test
"""
import difflib
import hashlib
import os
import shutil
from pathlib import Path

import pytest

from helpers import run_build

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORD = os.environ.get("BLOGPAGER_GOLDEN_RECORD") == "1"


def built_files(out):
    """{relative path: bytes} of what a reader is served, and {path: sha256} of the template's assets."""
    files, assets = {}, {}
    for path in sorted(out.rglob("*")):
        relative = path.relative_to(out).as_posix()
        if not path.is_file() or relative.startswith(".blogpager/"):
            continue
        if relative.startswith("assets/"):
            assets[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            files[relative] = path.read_bytes()
    return files, assets


def recorded(site):
    expected = GOLDEN / site / "expected"
    files = {path.relative_to(expected).as_posix(): path.read_bytes() for path in sorted(expected.rglob("*")) if path.is_file()}
    manifest = GOLDEN / site / "expected.assets.sha256"
    assets = dict(reversed(line.split("  ", 1)) for line in manifest.read_text().splitlines()) if manifest.exists() else {}
    return files, assets


def record(site, files, assets):
    expected = GOLDEN / site / "expected"
    shutil.rmtree(expected, ignore_errors=True)
    for relative, data in files.items():
        (expected / relative).parent.mkdir(parents=True, exist_ok=True)
        (expected / relative).write_bytes(data)
    (GOLDEN / site / "expected.assets.sha256").write_text("".join(f"{digest}  {path}\n" for path, digest in sorted(assets.items())))


@pytest.mark.parametrize("site", ["jekyll", "hugo", "zola"])
def test_a_site_builds_as_recorded(tmp_path, site):
    source = shutil.copytree(GOLDEN / site / "site", tmp_path / "site")
    run_build(source, tmp_path / "out")
    files, assets = built_files(tmp_path / "out")
    if RECORD:
        record(site, files, assets)
        pytest.skip(f"recorded golden/{site}/expected")
    expected_files, expected_assets = recorded(site)
    assert sorted(files) == sorted(expected_files), "files made and files recorded differ"
    assert assets == expected_assets
    for relative, data in files.items():
        if data != expected_files[relative]:
            diff = difflib.unified_diff(expected_files[relative].decode(errors="replace").splitlines(),
                                        data.decode(errors="replace").splitlines(), f"recorded/{relative}", f"built/{relative}", lineterm="")
            pytest.fail("\n".join(list(diff)[:60]))

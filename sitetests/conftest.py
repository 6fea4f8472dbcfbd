"""Fixtures for the whole-site tests."""
import pytest

from helpers import REPO, run_build


@pytest.fixture(scope="session")
def sample_site(tmp_path_factory):
    """The repository's sample blog built with its config and templates."""
    out = tmp_path_factory.mktemp("sample") / "out"
    run_build(REPO / "content", out, "--config", REPO / "blogpager.yml", "--templates", REPO / "templates")
    return out

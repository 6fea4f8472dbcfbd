"""`blogpager deploy`: a built site sent through rclone to a local folder (a store read half-written)
and to a real S3 API on loopback (moto's server), as a user deploys: first, after a new post, after a
removed one; a deploy killed at several moments leaves the remote whole and the next one finishes."""
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import BINARY, entry, run_build, run_on_a_terminal, write_files


def deploy(out, remote, *args, check=True, env=None):
    result = subprocess.run([str(BINARY), "deploy", str(out), remote, *map(str, args)], capture_output=True, text=True,
                            env=dict(os.environ, **(env or {})))
    if check and result.returncode != 0:
        raise AssertionError(f"deploy failed ({result.returncode}):\n{result.stderr}")
    return result


def site(tmp_path, posts=12):
    content = tmp_path / "content"
    write_files(content, {f"post-{n:02d}.md": entry(f"Post {n}", date=f"2024-03-{n:02d}", tags=["a", "b"][: 1 + n % 2],
                                                    body=f"Words of post {n}.\n\n```python\nprint({n})\n```\n")
                          for n in range(1, posts + 1)})
    write_files(tmp_path, {"blogpager.yml": "title: Deployed\nbase_url: https://example.org/\npage_size: 3\n"})
    write_files(content, {"static/CNAME": "example.org\n",
                          # rclone's --files-from would take these lines for comments: --files-from-raw does not.
                          "hash.md": entry("Hash", date="2024-02-02", slug='"#c;sharp"', body="Sharp.")})
    out = tmp_path / "out"
    run_build(content, out)
    return content, out


def files_of(folder):
    """{relative path: bytes} of every file below folder, but blogpager's own records."""
    folder = Path(folder)
    return {str(path.relative_to(folder)): path.read_bytes() for path in folder.rglob("*")
            if path.is_file() and ".blogpager" not in path.relative_to(folder).parts}


def classes(out):
    lines = (Path(out) / ".blogpager" / "files").read_text().splitlines()[1:]
    return {path: kind for path, _, kind in (line.split("\t") for line in lines)}


def named_by_indexes(root):
    """Every file any index.json under root names (parts and fragments), as paths below root."""
    named = set()
    root = Path(root)
    for index in root.rglob("index.json"):
        if ".blogpager" in index.relative_to(root).parts:
            continue
        data = json.loads(index.read_text())
        for part in data.get("parts", []):
            pages = part.get("pages", [])
            if "url" in part:
                named.add(part["url"].lstrip("/"))
                held = root / part["url"].lstrip("/")
                pages = json.loads(held.read_text()).get("pages", []) if held.is_file() else []
            named |= {page["fragment"].lstrip("/") for page in pages if "fragment" in page}
    return named


def test_a_first_deploy_sends_the_site_and_a_second_sends_nothing(tmp_path):
    _, out = site(tmp_path)
    remote = tmp_path / "remote"
    first = deploy(out, str(remote))
    assert files_of(remote) == files_of(out)
    assert not (remote / ".blogpager" / "deploying.json").exists()
    assert "posts/#c;sharp/index.html" in files_of(remote)
    manifest = json.loads((remote / ".blogpager" / "deployed.json").read_text())
    assert set(manifest["files"]) == set(files_of(out))
    assert manifest["files"]["CNAME"]["kind"] == "site-file"
    assert all(len(file["md5"]) == 32 for file in manifest["files"].values())
    assert f"{len(files_of(out))} files sent" in first.stdout
    second = deploy(out, str(remote))
    assert "0 files sent" in second.stdout and f"{len(files_of(out))} unchanged" in second.stdout


def test_a_new_post_sends_what_the_build_wrote_immutable_first_indexes_renamed_in_last(tmp_path):
    content, out = site(tmp_path)
    remote = tmp_path / "remote"
    deploy(out, str(remote))
    write_files(content, {"post-99.md": entry("Post new", date="2024-04-01", body="New.")})
    built = run_build(content, out)
    written = int(built.stdout.split(" files written")[0].rsplit(" ", 1)[1])
    before = files_of(remote)
    result = deploy(out, str(remote))
    assert f"{written} files sent" in result.stdout
    # Every file as built; the fragments the build replaced wait out the grace period beside them.
    sent = files_of(remote)
    assert {path: sent.get(path) for path in files_of(out)} == files_of(out)
    assert set(sent) - set(files_of(out)) == set(before) - set(files_of(out)) != set()
    # The local store is read half-written: an index arrives by a rename, after every file it names.
    kinds = classes(out)
    changed = [path for path, data in files_of(out).items() if before.get(path) != data]
    immutable = [(remote / path).stat().st_ctime_ns for path in changed if kinds[path] == "immutable"]
    indexes = [(remote / path).stat().st_ctime_ns for path in changed if kinds[path] == "index"]
    assert immutable and indexes and max(immutable) <= min(indexes)
    assert named_by_indexes(remote) <= set(files_of(remote))


def test_a_removed_posts_files_stay_through_the_grace_period_then_go(tmp_path):
    content, out = site(tmp_path)
    remote = tmp_path / "remote"
    deploy(out, str(remote))
    before = set(files_of(out))
    (content / "post-05.md").unlink()
    run_build(content, out)
    gone = before - set(files_of(out))
    assert gone
    kept = deploy(out, str(remote))
    assert "deletions deferred" in kept.stdout and "0 deleted" in kept.stdout
    assert gone <= set(files_of(remote))
    due = deploy(out, str(remote), "--keep-removed", "0")
    assert f"{len(gone)} deleted" in due.stdout
    assert files_of(remote) == files_of(out)


def test_dry_run_and_max_deletes_change_nothing(tmp_path):
    content, out = site(tmp_path)
    remote = tmp_path / "remote"
    dry = deploy(out, str(remote), "--dry-run")
    assert "would deploy" in dry.stdout and not remote.exists()
    deploy(out, str(remote))
    for name in ["post-01.md", "post-02.md"]:
        (content / name).unlink()
    run_build(content, out)
    deploy(out, str(remote))  # the removed files' grace period starts
    before = files_of(remote)
    refused = deploy(out, str(remote), "--keep-removed", "0", "--max-deletes", "1", check=False)
    assert refused.returncode == 1 and "--max-deletes 1" in refused.stderr
    assert files_of(remote) == before


def test_a_remote_changed_by_hand_stops_the_deploy_until_forced(tmp_path):
    _, out = site(tmp_path)
    remote = tmp_path / "remote"
    deploy(out, str(remote))
    (remote / "index.html").write_text("edited by hand")
    (remote / "CNAME").unlink()
    refused = deploy(out, str(remote), check=False)
    assert refused.returncode == 1
    assert "changed since the last deploy" in refused.stderr and "index.html (changed)" in refused.stderr and "CNAME (deleted)" in refused.stderr
    assert (remote / "index.html").read_text() == "edited by hand"
    forced = deploy(out, str(remote), "--force")
    assert "--force" in forced.stderr
    assert files_of(remote) == files_of(out)


def test_an_unknown_remote_and_an_unreachable_store_are_clear_errors(tmp_path):
    _, out = site(tmp_path)
    unknown = deploy(out, "nosuchremote:bucket", check=False, env={"RCLONE_CONFIG": str(tmp_path / "none.conf")})
    assert unknown.returncode == 1 and unknown.stderr.startswith("error: nosuchremote:bucket") and "cannot be listed" in unknown.stderr
    unreachable = deploy(out, ':s3,provider=Other,access_key_id=AKIAEXAMPLEKEY,secret_access_key=wJalrXUtnFEMIexample,endpoint="http://127.0.0.1:9":bucket', check=False,
                         env={"RCLONE_RETRIES": "1", "RCLONE_LOW_LEVEL_RETRIES": "1", "RCLONE_CONTIMEOUT": "2s", "AWS_CA_BUNDLE": ""})
    assert unreachable.returncode == 1 and "cannot be listed" in unreachable.stderr
    assert "wJalrXUtnFEMIexample" not in unreachable.stderr and "AKIAEXAMPLEKEY" not in unreachable.stderr


def test_a_second_deploy_meanwhile_is_refused(tmp_path):
    _, out = site(tmp_path)
    remote = tmp_path / "remote"
    deploy(out, str(remote))
    marker = remote / ".blogpager" / "deploying.json"
    marker.write_text(json.dumps({"host": "elsewhere", "pid": 1, "started": int(time.time()), "sending": []}))
    refused = deploy(out, str(remote), check=False)
    assert refused.returncode == 1 and "another deploy (elsewhere" in refused.stderr
    marker.write_text(json.dumps({"host": "elsewhere", "pid": 1, "started": int(time.time()) - 7200, "sending": []}))
    deploy(out, str(remote))
    assert not marker.exists()


@pytest.mark.parametrize("after", [0.1, 0.3, 0.6, 1.0])
def test_a_deploy_killed_leaves_a_whole_site_and_the_next_finishes(tmp_path, after):
    content, out = site(tmp_path, posts=30)
    remote = tmp_path / "remote"
    deploy(out, str(remote))
    for n in range(100, 140):
        write_files(content, {f"post-{n}.md": entry(f"Post {n}", date=f"2024-05-{(n - 99) % 28 + 1:02d}", tags=["a", "c"], body=f"New {n}.")})
    run_build(content, out)
    process = subprocess.Popen([str(BINARY), "deploy", str(out), str(remote)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    time.sleep(after)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    if after <= 0.3:
        assert process.returncode == -signal.SIGKILL  # early enough to stop it under way
    # Whatever was in flight, every file an index on the remote names is there.
    assert named_by_indexes(remote) <= set(files_of(remote))
    deploy(out, str(remote))
    sent = files_of(remote)
    assert {path: sent.get(path) for path in files_of(out)} == files_of(out)
    assert not (remote / ".blogpager" / "deploying.json").exists()


@pytest.fixture(scope="module")
def s3():
    """moto's S3 server on a free loopback port: the remote's connection string, and a boto3 client."""
    import boto3
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([str(Path(sys.executable).parent / "moto_server"), "-H", "127.0.0.1", "-p", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    endpoint = f"http://127.0.0.1:{port}"
    client = boto3.client("s3", endpoint_url=endpoint, aws_access_key_id="test", aws_secret_access_key="test", region_name="us-east-1")
    for _ in range(100):
        try:
            client.list_buckets()
            break
        except Exception:
            time.sleep(0.1)
    # rclone's S3 backend refuses an AWS_CA_BUNDLE it cannot load; a plain http endpoint needs none.
    os.environ.pop("AWS_CA_BUNDLE", None)
    yield f':s3,provider=Other,access_key_id=test,secret_access_key=test,region=us-east-1,endpoint="{endpoint}"', client
    server.terminate()
    server.wait()


def bucket_files(client, bucket):
    found = {}
    for page in client.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        for item in page.get("Contents", []):
            if not item["Key"].startswith(".blogpager/"):
                found[item["Key"]] = client.get_object(Bucket=bucket, Key=item["Key"])["Body"].read()
    return found


def test_deploys_to_s3_send_what_changed_with_headers_by_class(tmp_path, s3):
    connection, client = s3
    client.create_bucket(Bucket="blog")
    content, out = site(tmp_path)
    deploy(out, connection + ":blog")
    assert bucket_files(client, "blog") == files_of(out)
    kinds = classes(out)
    fragment = next(path for path, kind in kinds.items() if kind == "immutable" and path.endswith(".html"))
    head = client.head_object(Bucket="blog", Key=fragment)
    assert head["CacheControl"] == "public, max-age=31536000, immutable" and head["ContentType"] == "text/html; charset=utf-8"
    head = client.head_object(Bucket="blog", Key="index.json")
    assert head["CacheControl"] == "no-cache" and head["ContentType"] == "application/json; charset=utf-8"
    assert client.head_object(Bucket="blog", Key="feed.xml")["ContentType"].startswith("application/")
    write_files(content, {"post-99.md": entry("Post new", date="2024-04-01", body="New.")})
    built = run_build(content, out)
    written = int(built.stdout.split(" files written")[0].rsplit(" ", 1)[1])
    hooked = tmp_path / "hook.txt"
    result = deploy(out, connection + ":blog", "--hook", f"cat > {hooked}")
    assert f"{written} files sent" in result.stdout
    sent = bucket_files(client, "blog")
    assert {path: sent.get(path) for path in files_of(out)} == files_of(out)
    assert "/" in hooked.read_text().splitlines() and "/index.json" in hooked.read_text().splitlines()
    manifest = json.loads(client.get_object(Bucket="blog", Key=".blogpager/deployed.json")["Body"].read())
    assert set(manifest["files"]) == set(sent)
    assert {path for path, file in manifest["files"].items() if file.get("removedSince")} == set(sent) - set(files_of(out))


def test_on_a_terminal_a_progress_line_rewrites_itself_and_is_gone_at_the_end(tmp_path):
    _, out = site(tmp_path)
    status, shown, stdout = run_on_a_terminal(["deploy", out, tmp_path / "remote"])
    assert status == 0
    lines = shown.split("\r\x1b[K")
    assert any(line.startswith("deploy: immutable files, 0/") for line in lines), shown
    assert any(line.startswith("deploy: feeds, ") for line in lines), shown
    assert "\n" not in shown and shown.endswith("\r\x1b[K")
    assert "files sent" in stdout
    # Not on a terminal: none of it.
    again = deploy(out, str(tmp_path / "remote2"))
    assert "deploy:" not in again.stderr

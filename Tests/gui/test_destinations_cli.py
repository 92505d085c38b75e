"""`flick export` compares files, not paths: a second path to the reviewed
folder (a bind mount, a bindfs mirror, a FAT folder under another case, a
`..` after a folder that does not exist) is refused like the folder itself,
forced or not, and nothing in the deck changes. Real mounts (mounts.py),
undone when each test ends."""
import os

import pytest

from cli import Cli
from mounts import mounts  # noqa: F401  (the fixture)


@pytest.fixture
def cli(tmp_path):
    return Cli(tmp_path)


def make_deck(folder, names=("box.mp4", "cup.mp4")):
    folder.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(names):
        (folder / name).write_bytes(bytes([i + 1]) * 100)
    return folder


def contents(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def assert_refused(cli, folder, *args):
    before = contents(folder)
    result = cli.run("export", folder, *args)
    assert result.returncode == 3, f"{args}: {result.stdout} {result.stderr}"
    assert "reviewed folder" in result.stderr, result.stderr
    assert contents(folder) == before
    return result


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_a_bind_mount_of_the_folder_is_the_folder(cli, tmp_path, mounts, force):
    folder = make_deck(tmp_path / "clips")
    (folder / "sub").mkdir()
    cli.drive(folder, "like", "like")
    alias = mounts.bind(folder, tmp_path / "alias")
    result = assert_refused(cli, folder, "--playlist", alias / "box.mp4", *force)
    assert "is a file of the reviewed folder" in result.stderr
    assert_refused(cli, folder, "--playlist", alias / "likes.m3u", *force)
    assert_refused(cli, folder, "--copy-to", alias / "sub" / "out", *force)
    assert_refused(cli, folder, "--copy-to", alias, "--force")
    assert sorted(os.listdir(folder)) == ["box.mp4", "cup.mp4", "sub"]


def test_a_bindfs_mirror_of_the_folder_is_the_folder(cli, tmp_path, mounts):
    folder = make_deck(tmp_path / "clips")
    (folder / "sub").mkdir()
    cli.drive(folder, "like", "like")
    mirror = mounts.bindfs(folder, tmp_path / "mirror")
    assert os.stat(mirror).st_dev != os.stat(folder).st_dev  # another identity: only names tell
    result = assert_refused(cli, folder, "--playlist", mirror / "box.mp4", "--force")
    assert "is a file of the reviewed folder" in result.stderr
    assert_refused(cli, folder, "--copy-to", mirror / "sub", "--force")
    assert_refused(cli, folder, "--copy-to", mirror / "new" / "deeper")
    assert sorted(os.listdir(folder)) == ["box.mp4", "cup.mp4", "sub"]
    assert not [n for n in os.listdir(folder) if n.startswith(".flick")]


def test_a_fat_name_in_another_case_is_the_same_file(cli, tmp_path, mounts):
    card = mounts.fat(tmp_path / "card.img", tmp_path / "card")
    folder = make_deck(card / "clips")
    cli.drive(folder, "like", "like")
    result = assert_refused(cli, folder, "--playlist", card / "CLIPS" / "BOX.MP4", "--force")
    assert "is a file of the reviewed folder" in result.stderr
    assert_refused(cli, folder, "--copy-to", card / "Clips" / "out")
    assert (folder / "box.mp4").read_bytes() == b"\1" * 100
    # A real second folder on the card is fine.
    (card / "likes").mkdir()
    cli.run("export", folder, "--copy-to", card / "likes", check=0)
    assert sorted(os.listdir(card / "likes")) == ["box.mp4", "cup.mp4"]


def test_a_missing_folder_then_dotdot_does_not_lead_into_the_deck(cli, tmp_path):
    folder = make_deck(tmp_path / "clips")
    cli.drive(folder, "like", "like")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    destination = f"{elsewhere}/missing/../../clips/out"
    before = contents(folder)
    result = cli.run("export", folder, "--copy-to", destination)
    assert result.returncode == 3
    assert "its folder does not exist" in result.stderr
    assert contents(folder) == before and sorted(os.listdir(folder)) == ["box.mp4", "cup.mp4"]
    assert os.listdir(elsewhere) == []  # checking created nothing


def test_a_hard_link_of_a_clip_is_never_replaced(cli, tmp_path):
    folder = make_deck(tmp_path / "clips")
    cli.drive(folder, "like", "like")
    twin = tmp_path / "twin.mp4"
    os.link(folder / "box.mp4", twin)
    result = cli.run("export", folder, "--playlist", twin, "--force")
    assert result.returncode == 3 and "is a file of the reviewed folder" in result.stderr
    assert os.path.samefile(twin, folder / "box.mp4")

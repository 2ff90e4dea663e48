"""Conformance: a package as Marinara ships it (issue 19, section 1).

Marinara's own 5e package (tests/data/upstream/5e-srd: `ruleset.json` plus the catalog files
its `catalogs[]` entries name with `"asset"`) loads from its folder, from the path of its
`ruleset.json`, from a `.zip` of the folder and as JSON carrying its assets, all into the
same package; every way a file of a package can be wrong is refused with one `path: message`
line naming the file; one size limit holds everywhere.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import shutil
import zipfile
from pathlib import Path

import pytest

from battle.cli import main
from shared.ruleset.errors import PackageError
from shared.ruleset.load import load_package, package_digest, read_package, validate_package, validate_shipped
from shared.ruleset.shipped import (MAX_PACKAGE_BYTES, MAX_ZIP_BYTES, MAX_ZIP_FILES, MAX_ZIP_RATIO, package_from_json,
                                    package_from_zip)
from tests.conftest import EXAMPLES, ROOT, UPSTREAM

SRD = UPSTREAM / "5e-srd"
#: Which catalog of 5e-srd/ruleset.json names which file (catalogs[2], the weapons, is inline).
SRD_ASSETS = {0: "catalogs/spells.json", 1: "catalogs/features.json", 3: "catalogs/creatures.json"}


def srd_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "5e-srd"
    shutil.copytree(SRD, folder)
    return folder


def zip_of(folder: Path, *, top: str = "") -> bytes:
    """The folder zipped as a file manager does: its files under `top` (the folder's own
    name, or nothing)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                z.write(path, top + path.relative_to(folder).as_posix())
    return out.getvalue()


def bundle_of(folder: Path) -> dict:
    """The JSON form the gateway takes: the ruleset and every asset it names."""
    ruleset = json.loads((folder / "ruleset.json").read_text())
    assets = {c["asset"]: json.loads((folder / c["asset"]).read_text()) for c in ruleset["catalogs"] if "asset" in c}
    return {"ruleset": ruleset, "assets": assets}


def refusal(source) -> list[str]:
    with pytest.raises(PackageError) as err:
        read_package(source) if isinstance(source, str | Path) else source()
    return err.value.problems.lines()


def edit(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def cli(*args: str, capsys) -> tuple[int, list[str]]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, (out.out + out.err).splitlines()


# ---------------------------------------------------------------------------
# one package, every way it comes
# ---------------------------------------------------------------------------


def test_the_5e_srd_folder_validates_as_shipped(capsys):
    code, lines = cli("validate", str(SRD), str(SRD / "ruleset.json"), capsys=capsys)
    assert (code, lines) == (0, [f"{SRD}: ok (5e-2014 version 7)", f"{SRD / 'ruleset.json'}: ok (5e-2014 version 7)"])


def test_folder_ruleset_json_zip_and_json_with_assets_are_one_package(tmp_path):
    folder_pkg = read_package(SRD)
    # 14 creatures, 12 features and 18 spells from the asset files; the 36 weapons inline.
    catalogs = {c["id"]: len(c["entries"]) for c in folder_pkg.data["catalogs"]}
    assert catalogs == {"spells": 18, "features": 12, "weapons": 36, "creatures": 14}
    assert folder_pkg.assets == SRD_ASSETS
    assert not any("asset" in c for c in folder_pkg.data["catalogs"])
    (tmp_path / "srd.zip").write_bytes(zip_of(SRD))
    (tmp_path / "top.zip").write_bytes(zip_of(SRD, top="5e-srd/"))
    others = [read_package(SRD / "ruleset.json"), read_package(tmp_path / "srd.zip"), read_package(tmp_path / "top.zip"),
              package_from_zip(zip_of(SRD)), package_from_json(bundle_of(SRD))]
    digest = package_digest(folder_pkg.data)
    assert [package_digest(o.data) for o in others] == [digest] * 5
    # The size counts the ruleset and the three assets it names: the bytes on disk.
    on_disk = sum((SRD / name).stat().st_size for name in ["ruleset.json", *SRD_ASSETS.values()])
    assert folder_pkg.size == on_disk
    for source in (SRD, SRD / "ruleset.json", tmp_path / "srd.zip"):
        ruleset = load_package(source)
        assert (ruleset.id, [len(c.entries) for c in ruleset.catalogs]) == ("5e-2014", [18, 12, 36, 14])


def test_the_cli_takes_a_zip(tmp_path, capsys):
    (tmp_path / "srd.zip").write_bytes(zip_of(SRD, top="5e-srd/"))
    assert cli("validate", str(tmp_path / "srd.zip"), capsys=capsys) == (0, [f"{tmp_path / 'srd.zip'}: ok (5e-2014 version 7)"])


def test_sheet_and_fight_read_the_folder_its_ruleset_json_and_its_zip_alike(tmp_path, capsys):
    # Brom of tests/combat/fixtures/5e-srd-party.json (a level-5 fighter, Strength 16 and
    # Constitution 14, proficient in both saves): proficiency +3 at level 5, Strength save
    # 3 + 3 = 6, Constitution save 2 + 3 = 5; Second Wind and Action Surge, picked from the
    # features asset file, each add a counter of 1.
    party = json.loads((ROOT / "tests" / "combat" / "fixtures" / "5e-srd-party.json").read_text())
    brom = {"name": party[0]["name"], "sheet": party[0]["sheet"]}
    (tmp_path / "brom.json").write_text(json.dumps(brom))
    (tmp_path / "srd.zip").write_bytes(zip_of(SRD, top="5e-srd/"))
    sources = [SRD, SRD / "ruleset.json", tmp_path / "srd.zip"]
    sheets = []
    for source in sources:
        code, lines = cli("sheet", "-r", str(source), str(tmp_path / "brom.json"), capsys=capsys)
        assert code == 0
        sheets.append(json.loads("\n".join(lines)))
    assert sheets[1:] == [sheets[0]] * 2
    sheet = sheets[0]
    assert (sheet["proficiencyBonus"], sheet["saves"]["str_save"], sheet["saves"]["con_save"]) == (3, 6, 5)
    assert (sheet["pools"]["counters:second-wind"], sheet["pools"]["counters:action-surge"]) == (
        {"current": 1, "max": 1}, {"current": 1, "max": 1})
    # The same fight, seed for seed, from each form of the package.
    (tmp_path / "party.json").write_text(json.dumps(party))
    (tmp_path / "foes.json").write_text(json.dumps([{"creature": "zombie"}]))
    logs = []
    for source in sources:
        code, lines = cli("fight", "-r", str(source), "--party", str(tmp_path / "party.json"),
                          "--foes", str(tmp_path / "foes.json"), "--seed", "5", "--json", capsys=capsys)
        assert code == 0
        logs.append(json.loads("\n".join(lines))["log"])
    assert logs[1:] == [logs[0]] * 2
    assert logs[0][0].startswith("Zombie's health: 3d8+9 = ")


def test_a_single_file_package_reads_as_before():
    shipped = read_package(EXAMPLES / "lantern-marsh.json")
    assert shipped.assets == {}
    assert shipped.data == json.loads((EXAMPLES / "lantern-marsh.json").read_text())


# ---------------------------------------------------------------------------
# asset entries meet the same row checks as inline entries
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("fault, where", [
    # a cost in a pool the sheet does not have: a cross-reference checked after the shapes
    (lambda bless: bless["mechanics"].update(cost=[{"pool": "mana", "amount": 1}]),
     'mechanics.cost[0].pool: unknown pool "mana"'),
    # a row for a list the sheet does not have
    (lambda bless: bless["rows"][0].update(list="nope"), 'rows[0].list: unknown list "nope"'),
    # a key the mechanics do not know: a shape the models refuse
    (lambda bless: bless["mechanics"].update(colour="gold"), "mechanics.colour: unknown key"),
])
def test_an_asset_entry_is_checked_as_an_inline_one_and_the_problem_names_its_file(tmp_path, capsys, fault, where):
    folder = srd_copy(tmp_path)
    edit(folder / "catalogs/spells.json", lambda data: fault(data["entries"][0]))
    # The same fault written inline in catalogs[0] gives the same message at its path.
    _, inline_problems = validate_package(read_package(folder).data)
    assert inline_problems.lines() == [f"catalogs[0].entries[0].{where}"]
    _, problems = validate_shipped(read_package(folder))
    assert problems.lines() == [f"catalogs/spells.json: entries[0].{where}"]
    code, lines = cli("validate", str(folder), capsys=capsys)
    assert (code, lines) == (1, [f"{folder}: catalogs/spells.json: entries[0].{where}"])


# ---------------------------------------------------------------------------
# refusals of the files themselves
# ---------------------------------------------------------------------------


def test_a_missing_asset(tmp_path, capsys):
    folder = srd_copy(tmp_path)
    (folder / "catalogs/features.json").unlink()
    assert refusal(folder) == ["catalogs/features.json: is missing (named by catalogs[1].asset)"]
    code, lines = cli("validate", str(folder), capsys=capsys)
    assert (code, lines) == (1, [f"{folder}: catalogs/features.json: is missing (named by catalogs[1].asset)"])


def test_a_missing_ruleset_json(tmp_path):
    folder = srd_copy(tmp_path)
    (folder / "ruleset.json").unlink()
    assert refusal(folder) == ["ruleset.json: is missing"]


@pytest.mark.parametrize("asset, line", [
    ("../spells.json", "../spells.json: is outside the package folder (it climbs out with ..) (named by catalogs[0].asset)"),
    ("catalogs/../../spells.json",
     "catalogs/../../spells.json: is outside the package folder (it climbs out with ..) (named by catalogs[0].asset)"),
    ("/etc/passwd", "/etc/passwd: is outside the package folder (an absolute path) (named by catalogs[0].asset)"),
    # A name that is not a plain path is written as a JSON string.
    ("C:\\spells.json",
     '"C:\\\\spells.json": is outside the package folder (an absolute path) (named by catalogs[0].asset)'),
    ("", '"": is not a path inside the package folder (named by catalogs[0].asset)'),
    ("catalogs/spells.json: ok\nx", '"catalogs/spells.json: ok\\nx": is missing (named by catalogs[0].asset)'),
])
def test_an_asset_outside_the_folder(tmp_path, asset, line):
    folder = srd_copy(tmp_path)
    (tmp_path / "spells.json").write_text((SRD / "catalogs/spells.json").read_text())

    def point_out(data):
        data["catalogs"][0]["asset"] = asset
    edit(folder / "ruleset.json", point_out)
    assert refusal(folder) == [line]


def test_an_asset_that_is_a_link(tmp_path):
    folder = srd_copy(tmp_path)
    outside = tmp_path / "elsewhere.json"
    outside.write_text((SRD / "catalogs/spells.json").read_text())
    (folder / "catalogs/spells.json").unlink()
    (folder / "catalogs/spells.json").symlink_to(outside)
    assert refusal(folder) == [
        "catalogs/spells.json: is a link; a package reads only its own files (named by catalogs[0].asset)"]


def test_a_package_file_the_caller_names_through_a_link_is_read(tmp_path):
    (tmp_path / "srd").symlink_to(SRD / "ruleset.json")
    (tmp_path / "marsh.json").symlink_to(EXAMPLES / "lantern-marsh.json")
    assert read_package(tmp_path / "srd").assets == SRD_ASSETS
    assert load_package(tmp_path / "marsh.json").id == "lantern-marsh"


def test_an_asset_under_a_linked_folder(tmp_path):
    folder = srd_copy(tmp_path)
    shutil.move(folder / "catalogs", tmp_path / "shared-catalogs")
    (folder / "catalogs").symlink_to(tmp_path / "shared-catalogs")
    assert refusal(folder) == [
        f"{name}: is a link; a package reads only its own files (named by catalogs[{i}].asset)"
        for i, name in SRD_ASSETS.items()]


def test_an_asset_that_is_not_json(tmp_path):
    folder = srd_copy(tmp_path)
    (folder / "catalogs/spells.json").write_text('{"schemaVersion": 1,')
    (folder / "catalogs/features.json").write_bytes(b'{"catalog": "\xff"}')
    assert refusal(folder) == [
        "catalogs/spells.json: is not valid JSON: Expecting property name enclosed in double quotes at line 1 column 21",
        "catalogs/features.json: is not UTF-8 text (byte 13)",
    ]


def test_an_asset_whose_catalog_differs_from_the_entry_naming_it(tmp_path):
    folder = srd_copy(tmp_path)

    def other_catalog(data):
        data["catalog"] = "feats"
    edit(folder / "catalogs/features.json", other_catalog)
    assert refusal(folder) == [
        'catalogs/features.json: catalog: is "feats", but catalogs[1] that names the file has id "features"']


def test_an_asset_file_shaped_wrong(tmp_path):
    folder = srd_copy(tmp_path)

    def reshape(data):
        del data["entries"]
        data["schemaVersion"] = 2
        data["rows"] = []
    edit(folder / "catalogs/spells.json", reshape)
    (folder / "catalogs/features.json").write_text("[]")
    assert refusal(folder) == [
        "catalogs/spells.json: rows: unknown key",
        "catalogs/spells.json: entries: required",
        "catalogs/spells.json: schemaVersion: is 2, but the package declares schemaVersion 1",
        "catalogs/features.json: an asset file is a JSON object {schemaVersion, $comment?, catalog, entries}",
    ]


def test_an_asset_named_twice(tmp_path):
    folder = srd_copy(tmp_path)

    def twice(data):
        data["catalogs"][1]["asset"] = "./catalogs/spells.json"
    edit(folder / "ruleset.json", twice)
    assert refusal(folder) == ["catalogs/spells.json: is named twice (catalogs[0].asset and catalogs[1].asset)"]


def test_a_catalog_with_both_an_asset_and_entries(tmp_path):
    folder = srd_copy(tmp_path)

    def both(data):
        data["catalogs"][0]["entries"] = []
    edit(folder / "ruleset.json", both)
    assert refusal(folder) == [
        "catalogs[0]: gives both \"asset\" and \"entries\"; a catalog's entries are in one place"]


def test_a_package_file_with_assets_beside_it_names_its_own_problems_at_file(tmp_path):
    (tmp_path / "broken.json").write_text("{")
    assert refusal(tmp_path / "broken.json") == [
        "(file): is not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2"]
    assert refusal(tmp_path / "nope.json") == ["(file): cannot be read: No such file or directory"]


# ---------------------------------------------------------------------------
# zips
# ---------------------------------------------------------------------------


def _zip(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return out.getvalue()


def _srd_members() -> dict[str, bytes]:
    return {name: (SRD / name).read_bytes() for name in ["ruleset.json", *SRD_ASSETS.values()]}


def test_a_zip_of_more_than_200_files():
    members = _srd_members() | {f"notes/{i}.txt": b"n" for i in range(MAX_ZIP_FILES - 3)}
    assert len(members) == 201
    assert refusal(lambda: package_from_zip(_zip(members))) == ["(zip): holds 201 files, more than 200"]
    # 200 is still a package.
    del members["notes/0.txt"]
    assert package_from_zip(_zip(members)).assets == SRD_ASSETS


def test_a_zip_over_16_mib_unpacked():
    # Random bytes stored as they are: over 16 MiB unpacked, and no member packed at all.
    noise = random.Random(19).randbytes(MAX_ZIP_BYTES // 4)
    members = _srd_members() | {f"art/{i}.bin": noise for i in range(4)}
    unpacked = sum(len(v) for v in members.values())
    assert unpacked == MAX_ZIP_BYTES + sum(len(v) for v in _srd_members().values())
    assert refusal(lambda: package_from_zip(_zip(members, zipfile.ZIP_STORED))) == [
        f"(zip): unpacks to {unpacked:,} bytes, more than 16 MiB"]


def test_a_zip_member_packed_like_a_bomb():
    raw = _zip(_srd_members() | {"catalogs/padding.json": b" " * 1_000_000})
    info = zipfile.ZipFile(io.BytesIO(raw)).getinfo("catalogs/padding.json")
    ratio = info.file_size // info.compress_size
    assert ratio > MAX_ZIP_RATIO    # a megabyte of spaces deflates to about a kilobyte
    assert refusal(lambda: package_from_zip(raw)) == [
        f"catalogs/padding.json: unpacks to {ratio:,} times its packed size, more than 100 (a zip bomb?)"]


def test_a_zip_without_a_ruleset_and_a_file_that_is_not_a_zip():
    assert refusal(lambda: package_from_zip(_zip({"a/ruleset.json": b"{}", "b/x.json": b"{}"}))) == [
        "(zip): holds no ruleset.json at its top or in the one folder at its top"]
    assert refusal(lambda: package_from_zip(b"PK\x03\x04 not really")) == [
        "(zip): is not a zip archive: File is not a zip file"]


def test_a_zip_names_its_missing_asset_and_its_links():
    members = _srd_members()
    del members["catalogs/creatures.json"]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in members.items():
            if name != "catalogs/spells.json":
                z.writestr(name, data)
        link = zipfile.ZipInfo("catalogs/spells.json")
        link.external_attr = (0o120777 << 16)
        z.writestr(link, "../../etc/passwd")
    assert refusal(lambda: package_from_zip(out.getvalue())) == [
        "catalogs/spells.json: is a link; a package reads only its own files (named by catalogs[0].asset)",
        "catalogs/creatures.json: is missing (named by catalogs[3].asset)",
    ]


# ---------------------------------------------------------------------------
# the manifest
# ---------------------------------------------------------------------------


def _manifest(folder: Path) -> dict:
    """A manifest shaped like Marinara's (packages/ruleset-5e-2014/manifest.json): its own
    keys, and `files` listing each file's path, sha256 and bytes."""
    files = [{"path": name, "sha256": hashlib.sha256((folder / name).read_bytes()).hexdigest(),
              "bytes": (folder / name).stat().st_size} for name in ["ruleset.json", *SRD_ASSETS.values()]]
    return {"schemaVersion": 2, "capabilityApi": {"major": 1, "minor": 27}, "id": "ruleset-5e-2014",
            "kind": ["ruleset"], "contributions": {"assets": {"paths": [f["path"] for f in files]}}, "files": files}


def test_a_manifest_that_matches(tmp_path):
    folder = srd_copy(tmp_path)
    (folder / "manifest.json").write_text(json.dumps(_manifest(folder)))
    assert package_digest(read_package(folder).data) == package_digest(read_package(SRD).data)


def test_a_file_that_does_not_match_the_manifest(tmp_path):
    folder = srd_copy(tmp_path)
    manifest = _manifest(folder)
    (folder / "manifest.json").write_text(json.dumps(manifest))
    listed = manifest["files"][2]["sha256"]
    text = (folder / "catalogs/features.json").read_text().replace("Second Wind", "Second Gust")
    (folder / "catalogs/features.json").write_text(text)
    found = hashlib.sha256(text.encode()).hexdigest()
    assert refusal(folder) == [
        f"catalogs/features.json: does not match manifest.json: its sha256 is {found}, the manifest lists {listed}"]
    # The same folder zipped is refused the same way.
    assert refusal(lambda: package_from_zip(zip_of(folder))) == [
        f"catalogs/features.json: does not match manifest.json: its sha256 is {found}, the manifest lists {listed}"]


def test_a_manifest_listing_the_wrong_size_or_shaped_wrong(tmp_path):
    folder = srd_copy(tmp_path)
    manifest = _manifest(folder)
    manifest["files"][0]["bytes"] += 1
    manifest["files"][1]["sha256"] = "sha256:abc"
    (folder / "manifest.json").write_text(json.dumps(manifest))
    size = (folder / "ruleset.json").stat().st_size
    assert refusal(folder) == [
        "manifest.json: files[1].sha256: must be 64 hexadecimal digits",
        f"ruleset.json: does not match manifest.json: it is {size:,} bytes, the manifest lists {size + 1:,}",
    ]


# ---------------------------------------------------------------------------
# one size limit
# ---------------------------------------------------------------------------

#: The size `POST /v1/rulesets` once stored while the command line refused it.
OVER = 8_391_309
OVER_LINE = "(package): is 8,391,309 bytes, more than the 8,388,608 (8 MiB) a package may be, its assets included"


def padded_package(size: int) -> bytes:
    """Lantern Marsh padded with spaces to exactly `size` bytes: valid JSON of that size."""
    text = (EXAMPLES / "lantern-marsh.json").read_bytes().rstrip()
    return text + b" " * (size - len(text))


def test_one_size_limit_for_a_file_a_folder_with_assets_and_json(tmp_path, capsys):
    assert MAX_PACKAGE_BYTES == 8 * 1024 * 1024 == 8_388_608
    big = tmp_path / "big.json"
    big.write_bytes(padded_package(OVER))
    assert refusal(big) == [OVER_LINE]
    assert cli("validate", str(big), capsys=capsys) == (1, [f"{big}: {OVER_LINE}"])
    assert cli("sheet", "-r", str(big), str(EXAMPLES / "juno.json"), capsys=capsys) == (1, [f"{big}: {OVER_LINE}"])
    # A folder: the ruleset and its assets together are over, each alone is not.
    folder = srd_copy(tmp_path)
    pad = OVER - sum((folder / name).stat().st_size for name in ["ruleset.json", *SRD_ASSETS.values()])
    spells = folder / "catalogs/spells.json"
    spells.write_bytes(spells.read_bytes() + b" " * pad)
    assert refusal(folder) == [OVER_LINE]
    # JSON that came in a body of that size.
    assert refusal(lambda: package_from_json(json.loads(big.read_bytes()), size=OVER)) == [OVER_LINE]
    # One byte under the limit is a package.
    big.write_bytes(padded_package(MAX_PACKAGE_BYTES))
    assert load_package(big).id == "lantern-marsh"


# ---------------------------------------------------------------------------
# JSON carrying the assets (the gateway's form)
# ---------------------------------------------------------------------------


def test_json_carrying_assets_refusals():
    bundle = bundle_of(SRD)
    bundle["assets"]["catalogs/extra.json"] = {}
    bundle["assets"]["../x.json"] = {}
    del bundle["assets"]["catalogs/features.json"]
    assert refusal(lambda: package_from_json(bundle)) == [
        "../x.json: is outside the package folder (it climbs out with ..)",
        "catalogs/extra.json: is carried in assets, but no catalog names it",
    ]
    del bundle["assets"]["../x.json"]
    assert refusal(lambda: package_from_json(bundle)) == [
        "catalogs/extra.json: is carried in assets, but no catalog names it"]
    del bundle["assets"]["catalogs/extra.json"]
    assert refusal(lambda: package_from_json(bundle)) == [
        "catalogs/features.json: is missing (named by catalogs[1].asset)"]
    assert refusal(lambda: package_from_json({"ruleset": [], "assets": {}, "extra": 1})) == [
        "extra: unknown key", "ruleset: must be an object: the package's ruleset.json"]


def test_a_package_naming_assets_sent_without_them():
    ruleset = json.loads((SRD / "ruleset.json").read_text())
    assert refusal(lambda: package_from_json(ruleset)) == [
        f"{name}: is missing (named by catalogs[{i}].asset)" for i, name in SRD_ASSETS.items()]

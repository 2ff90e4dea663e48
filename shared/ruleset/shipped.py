"""A package as Marinara ships it, read into the one JSON package the validator checks.

Marinara distributes a ruleset as a folder: `ruleset.json` plus the catalog files its
`catalogs[]` entries name with `"asset": "catalogs/<id>.json"`, each such file
`{schemaVersion, $comment?, catalog, entries}` (inline catalogs keep `entries`). A package
comes as that folder, as the path of its `ruleset.json` (or of any single package file,
whose assets sit beside it), as a `.zip` of the folder, or over HTTP as JSON carrying the
assets (`{"ruleset": {...}, "assets": {"catalogs/spells.json": {...}}}`).

Owns: reading each of those into one package, every asset's `entries` put in place of its
`asset` key, so the merged package is validated as one and an asset's entries meet exactly
the row checks inline entries do; the refusals of the files themselves (missing, outside
the folder, a link, not JSON, the wrong `catalog`, named twice), the zip limits
(`MAX_ZIP_FILES`, `MAX_ZIP_BYTES`, `MAX_ZIP_RATIO`), the hashes a `manifest.json` lists,
the one size limit of a package wherever it comes from (`MAX_PACKAGE_BYTES`), and naming
the file in the problems of an asset's entries (`Shipped.name_files`), and the check of a
`gm-verbs.json` the package ships (`gm_verbs.py`: no verb named like an Engine tag).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import json
import posixpath
import re
import stat
import zipfile
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .errors import PackageError, Problem, Problems, format_path
from .gm_verbs import GM_VERBS_FILE, verb_problems

#: The largest package, in bytes: its ruleset file and every asset it names together
#: (sent as JSON: the JSON text of the package and its assets). One limit for the command
#: line, the gateway and every route that takes a package.
MAX_PACKAGE_BYTES = 8 * 1024 * 1024
#: A zip holds at most this many members (files and folders).
MAX_ZIP_FILES = 200
#: A zip unpacks to at most this many bytes, all its members together.
MAX_ZIP_BYTES = 16 * 1024 * 1024
#: A member that unpacks to more than this many times its packed size is taken for a zip
#: bomb (JSON packs about 5 to 15 to 1).
MAX_ZIP_RATIO = 100

RULESET_FILE = "ruleset.json"
MANIFEST_FILE = "manifest.json"
#: The keys of an asset file.
ASSET_KEYS = ("schemaVersion", "$comment", "catalog", "entries")
#: The keys of a package sent as JSON with its assets.
BUNDLE_KEYS = ("ruleset", "assets")

_SHA256 = re.compile(r"[0-9a-f]{64}")
#: A Windows drive (`C:`) starts an absolute path too.
_DRIVE = re.compile(r"[A-Za-z]:")
#: A file name written bare in a problem's path.
_PLAIN_FILE = re.compile(r"[A-Za-z0-9_.$@+/-]+")


def file_label(name: Any) -> str:
    """A file's name as a problem's path: as written when it is a plain path, else as a
    JSON string (`"a: b"`), so a name the package chose never forges a line of its own."""
    text = name if isinstance(name, str) else str(name)
    return text if _PLAIN_FILE.fullmatch(text) else json.dumps(text)


def _mib(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB"


class PackageTooLarge(PackageError):
    """The package is over `MAX_PACKAGE_BYTES` (the gateway answers it 413)."""


def too_large(size: int) -> PackageTooLarge:
    return PackageTooLarge([Problem(
        "(package)", f"is {size:,} bytes, more than the {MAX_PACKAGE_BYTES:,} ({_mib(MAX_PACKAGE_BYTES)}) "
        "a package may be, its assets included")])


class FileRefused(Exception):
    """One file of a package cannot be used; the message says why."""


class FileMissing(FileRefused):
    """The file is not there (a manifest is optional; an asset is not)."""

    def __init__(self) -> None:
        super().__init__("is missing")


@dataclass
class Shipped:
    """A package read from where it came: `data` is the one package the validator checks
    (each asset's entries in its catalog), `assets` which catalog (by index) took its
    entries from which file, `size` its bytes."""

    data: Any
    assets: dict[int, str] = field(default_factory=dict)
    size: int = 0

    def name_files(self, problems: Problems) -> Problems:
        """`problems` with every path inside an asset's entries written from its file:
        `catalogs[0].entries[3].level` -> `catalogs/spells.json: entries[3].level`."""
        if not self.assets:
            return problems
        out = Problems()
        for p in problems:
            out.items.append(self._named(p))
        return out

    def _named(self, problem: Problem) -> Problem:
        for index, name in self.assets.items():
            head = f"catalogs[{index}].entries"
            rest = problem.path[len(head):]
            if problem.path.startswith(head) and (not rest or rest[0] in ".["):
                return Problem(f"{file_label(name)}: entries{rest}", problem.message)
        return problem


# ---------------------------------------------------------------------------
# where the files come from
# ---------------------------------------------------------------------------


class Files(Protocol):
    """The files of a package by their path inside it (`catalogs/spells.json`)."""

    def size(self, name: str) -> int:
        """Its size in bytes without reading it; FileRefused when it cannot be used."""

    def read(self, name: str) -> bytes:
        """Its bytes; FileRefused when it cannot be used."""

    def load(self, name: str) -> tuple[bytes | None, Any]:
        """Its bytes (None when it came parsed) and its JSON; FileRefused when it cannot
        be used."""


class ByteFiles(ABC):
    """Files held as bytes (a folder, a zip): a file's JSON is read from them."""

    @abstractmethod
    def read(self, name: str) -> bytes:
        """Its bytes; FileRefused when it cannot be used."""

    def load(self, name: str) -> tuple[bytes | None, Any]:
        raw = self.read(name)
        return raw, parse_json(raw)


def inside_name(name: Any) -> str:
    """`name` as a path inside the package (`./catalogs//x.json` -> `catalogs/x.json`);
    FileRefused when it is empty, absolute or climbs out with `..`."""
    if not isinstance(name, str) or not name:
        raise FileRefused("is not a path inside the package folder")
    if name.startswith(("/", "\\")) or _DRIVE.match(name):
        raise FileRefused("is outside the package folder (an absolute path)")
    parts = name.replace("\\", "/").split("/")
    if ".." in parts:
        raise FileRefused("is outside the package folder (it climbs out with ..)")
    normal = posixpath.normpath("/".join(parts))
    if normal in (".", ""):
        raise FileRefused("is not a path inside the package folder")
    return normal


class FolderFiles(ByteFiles):
    """A package folder on disk. A link anywhere on a file's path is refused: the files a
    package reads are its own, inside its folder."""

    def __init__(self, root: Path):
        self.root = root

    def _path(self, name: str) -> Path:
        path = self.root
        for part in name.split("/"):
            path = path / part
            if path.is_symlink():
                raise FileRefused("is a link; a package reads only its own files")
        if not path.exists():
            raise FileMissing()
        if not path.is_file():
            raise FileRefused("is not a file")
        return path

    def size(self, name: str) -> int:
        try:
            return self._path(name).stat().st_size
        except OSError as exc:
            raise FileRefused(f"cannot be read: {exc.strerror or exc}") from None

    def read(self, name: str) -> bytes:
        try:
            return self._path(name).read_bytes()
        except OSError as exc:
            raise FileRefused(f"cannot be read: {exc.strerror or exc}") from None


class ZipFiles(ByteFiles):
    """A `.zip` of a package folder, its `ruleset.json` at the top or in the one folder at
    the top. Checked before anything is unpacked: at most `MAX_ZIP_FILES` members,
    `MAX_ZIP_BYTES` unpacked, and no member packed more than `MAX_ZIP_RATIO` to 1."""

    def __init__(self, raw: bytes):
        problems = Problems()
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(raw))
            infos = self.zip.infolist()
        except Exception as exc:  # noqa: BLE001 - a damaged archive raises many kinds (BadZipFile, struct, ...)
            problems.add("(zip)", f"is not a zip archive: {exc}")
            raise PackageError(problems) from None
        if len(infos) > MAX_ZIP_FILES:
            problems.add("(zip)", f"holds {len(infos):,} files, more than {MAX_ZIP_FILES}")
            raise PackageError(problems)
        unpacked = sum(info.file_size for info in infos)
        if unpacked > MAX_ZIP_BYTES:
            problems.add("(zip)", f"unpacks to {unpacked:,} bytes, more than {_mib(MAX_ZIP_BYTES)}")
        self.members: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            if info.file_size > MAX_ZIP_RATIO * max(info.compress_size, 1):
                ratio = info.file_size // max(info.compress_size, 1)
                problems.add(file_label(info.filename), f"unpacks to {ratio:,} times its packed size, more than "
                             f"{MAX_ZIP_RATIO} (a zip bomb?)")
            if info.filename in self.members:
                problems.add(file_label(info.filename), "is in the zip twice")
            self.members[info.filename] = info
        if problems:
            raise PackageError(problems)
        self.prefix = self._top()

    def _top(self) -> str:
        if RULESET_FILE in self.members:
            return ""
        # A zip of the folder itself holds it as one folder at the top (macOS adds its own).
        tops = {name.split("/", 1)[0] for name in self.members if not name.startswith("__MACOSX/")}
        if len(tops) == 1:
            top = next(iter(tops))
            if f"{top}/{RULESET_FILE}" in self.members:
                return f"{top}/"
        raise PackageError([Problem("(zip)", f"holds no {RULESET_FILE} at its top or in the one folder at its top")])

    def _info(self, name: str) -> zipfile.ZipInfo:
        info = self.members.get(self.prefix + name)
        if info is None:
            raise FileMissing()
        if info.is_dir():
            raise FileRefused("is not a file")
        if stat.S_ISLNK(info.external_attr >> 16):
            raise FileRefused("is a link; a package reads only its own files")
        return info

    def size(self, name: str) -> int:
        return self._info(name).file_size

    def read(self, name: str) -> bytes:
        try:
            return self.zip.read(self._info(name))
        except Exception as exc:  # noqa: BLE001
            # zipfile and its codecs raise many kinds on a damaged member (BadZipFile, zlib.error,
            # lzma.LZMAError, NotImplementedError for an unknown method, RuntimeError when
            # encrypted, a CRC that does not match): each is this member refused.
            raise FileRefused(f"cannot be unpacked: {exc}") from None


# ---------------------------------------------------------------------------
# reading the package
# ---------------------------------------------------------------------------


def parse_json(raw: bytes) -> Any:
    """JSON text as a package file holds it; FileRefused when it is not UTF-8 JSON."""
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise FileRefused(f"is not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise FileRefused(f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise FileRefused("is nested too deeply") from None


def _manifest(files: Files, problems: Problems) -> dict[str, tuple[str, int | None]]:
    """The files `manifest.json` lists: path -> (sha256 hex, bytes or None). None listed
    when there is no manifest."""
    try:
        size = files.size(MANIFEST_FILE)
    except FileMissing:
        return {}
    except FileRefused as exc:
        problems.add(MANIFEST_FILE, str(exc))
        return {}
    if size > MAX_PACKAGE_BYTES:
        problems.add(MANIFEST_FILE, f"is {size:,} bytes, more than {_mib(MAX_PACKAGE_BYTES)}")
        return {}
    try:
        data = parse_json(files.read(MANIFEST_FILE))
    except FileRefused as exc:
        problems.add(MANIFEST_FILE, str(exc))
        return {}
    listed = data.get("files") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(listed, list | None):
        problems.add(MANIFEST_FILE, 'a manifest is a JSON object whose "files" is a list of {path, sha256, bytes?}')
        return {}
    out: dict[str, tuple[str, int | None]] = {}
    for i, entry in enumerate(listed or ()):
        where = f"{MANIFEST_FILE}: files[{i}]"
        if not isinstance(entry, dict):
            problems.add(where, "must be an object {path, sha256, bytes?}")
            continue
        digest, size_of = entry.get("sha256"), entry.get("bytes")
        if not isinstance(digest, str) or not _SHA256.fullmatch(digest.lower()):
            problems.add(f"{where}.sha256", "must be 64 hexadecimal digits")
            continue
        if size_of is not None and (isinstance(size_of, bool) or not isinstance(size_of, int)):
            problems.add(f"{where}.bytes", "must be a whole number")
            continue
        try:
            name = inside_name(entry.get("path"))
        except FileRefused as exc:
            problems.add(f"{where}.path", str(exc))
            continue
        out[name] = (digest.lower(), size_of)
    return out


def _matches(name: str, raw: bytes, manifest: dict[str, tuple[str, int | None]], problems: Problems) -> None:
    listed = manifest.get(name)
    if listed is None:
        return
    digest, size = listed
    found = hashlib.sha256(raw).hexdigest()
    if found != digest:
        problems.add(file_label(name), f"does not match {MANIFEST_FILE}: its sha256 is {found}, the manifest lists {digest}")
    elif size is not None and size != len(raw):
        problems.add(file_label(name), f"does not match {MANIFEST_FILE}: it is {len(raw):,} bytes, the manifest lists {size:,}")


def _asset_names(data: Any, problems: Problems) -> dict[int, str]:
    """catalog index -> the asset file it names, each name checked once: a path inside the
    folder, not also given `entries`, not named by two catalogs."""
    names: dict[int, str] = {}
    if not isinstance(data, dict) or not isinstance(data.get("catalogs"), list):
        return names
    first: dict[str, int] = {}
    for i, catalog in enumerate(data["catalogs"]):
        if not isinstance(catalog, dict) or "asset" not in catalog:
            continue
        asset = catalog["asset"]
        if not isinstance(asset, str):
            problems.add(f"catalogs[{i}].asset", "must be text: the path of the catalog's file inside the package")
            continue
        if "entries" in catalog:
            problems.add(f"catalogs[{i}]", 'gives both "asset" and "entries"; a catalog\'s entries are in one place')
            continue
        try:
            name = inside_name(asset)
        except FileRefused as exc:
            problems.add(file_label(asset), f"{exc} (named by catalogs[{i}].asset)")
            continue
        if name in first:
            problems.add(file_label(name), f"is named twice (catalogs[{first[name]}].asset and catalogs[{i}].asset)")
            continue
        first[name] = i
        names[i] = name
    return names


def _asset_entries(name: str, asset: Any, catalog: dict[str, Any], index: int, schema_version: Any,
                   problems: Problems) -> Any:
    """The entries of asset file `name`, its wrapper checked against the catalog naming it."""
    if not isinstance(asset, dict):
        problems.add(file_label(name), "an asset file is a JSON object {schemaVersion, $comment?, catalog, entries}")
        return None
    for key in asset:
        if key not in ASSET_KEYS:
            problems.add(f"{file_label(name)}: {format_path([key])}", "unknown key")
    for key in ("schemaVersion", "catalog", "entries"):
        if key not in asset:
            problems.add(f"{file_label(name)}: {key}", "required")
    if "schemaVersion" in asset and asset["schemaVersion"] != schema_version:
        problems.add(f"{file_label(name)}: schemaVersion", f"is {json.dumps(asset['schemaVersion'])}, but the package declares "
                     f"schemaVersion {json.dumps(schema_version)}")
    if "catalog" in asset and asset["catalog"] != catalog.get("id"):
        problems.add(f"{file_label(name)}: catalog", f"is {json.dumps(asset['catalog'])}, but catalogs[{index}] that names the "
                     f"file has id {json.dumps(catalog.get('id'))}")
    return asset.get("entries")


def _merged(data: dict[str, Any], entries: dict[int, Any]) -> dict[str, Any]:
    """`data` with each named catalog's `asset` key replaced by the entries of its file."""
    catalogs = list(data["catalogs"])
    for index, found in entries.items():
        catalog = {k: v for k, v in catalogs[index].items() if k != "asset"}
        catalog["entries"] = found
        catalogs[index] = catalog
    return {**data, "catalogs": catalogs}


def _assemble(files: Files, main: str, main_label: str) -> Shipped:
    """The package whose ruleset file is `main` among `files`; problems of that file itself
    are written at `main_label`."""
    problems = Problems()
    manifest = _manifest(files, problems)
    try:
        size = files.size(main)
    except FileRefused as exc:
        problems.add(main_label, str(exc))
        raise PackageError(problems) from None
    if size > MAX_PACKAGE_BYTES:
        raise too_large(size)
    try:
        raw = files.read(main)
        data = parse_json(raw)
    except FileRefused as exc:
        problems.add(main_label, str(exc))
        raise PackageError(problems) from None
    _matches(main, raw, manifest, problems)
    return _attach(data, files, manifest, problems, size, counted=False)


def _attach(data: Any, files: Files, manifest: dict[str, tuple[str, int | None]], problems: Problems,
            size: int, *, counted: bool) -> Shipped:
    """`data` with the entries of every asset it names read from `files`. `size` is the
    package's bytes so far; `counted`: it already holds the assets' too."""
    names = _asset_names(data, problems)
    _gm_verbs(files, manifest, problems)
    sizes: dict[int, int] = {}
    for index, name in names.items():
        try:
            sizes[index] = files.size(name)
        except FileRefused as exc:
            problems.add(file_label(name), f"{exc} (named by catalogs[{index}].asset)")
    total = size if counted else size + sum(sizes.values())
    if total > MAX_PACKAGE_BYTES:
        raise too_large(total)
    entries: dict[int, Any] = {}
    for index in sizes:
        name = names[index]
        try:
            raw, asset = files.load(name)
        except FileRefused as exc:
            problems.add(file_label(name), str(exc))
            continue
        if raw is not None:
            _matches(name, raw, manifest, problems)
        entries[index] = _asset_entries(name, asset, data["catalogs"][index], index, data.get("schemaVersion"),
                                        problems)
    if problems:
        raise PackageError(problems)
    if not names:
        return Shipped(data, size=total)
    return Shipped(_merged(data, entries), assets=names, size=total)


def _gm_verbs(files: Files, manifest: dict[str, tuple[str, int | None]], problems: Problems) -> None:
    """A `gm-verbs.json` the package ships is checked (`gm_verbs.verb_problems`): a verb
    named like one of the Engine's own tags refuses the package."""
    try:
        size = files.size(GM_VERBS_FILE)
    except FileMissing:
        return
    except FileRefused as exc:
        problems.add(file_label(GM_VERBS_FILE), str(exc))
        return
    if size > MAX_PACKAGE_BYTES:
        problems.add(file_label(GM_VERBS_FILE), f"is {size:,} bytes, more than {_mib(MAX_PACKAGE_BYTES)}")
        return
    try:
        raw, document = files.load(GM_VERBS_FILE)
    except FileRefused as exc:
        problems.add(file_label(GM_VERBS_FILE), str(exc))
        return
    if raw is not None:
        _matches(GM_VERBS_FILE, raw, manifest, problems)
    problems.extend(verb_problems(document, file_label(GM_VERBS_FILE)))


def read_package(path: str | Path) -> Shipped:
    """The package at `path`: a folder holding `ruleset.json`, a `.zip` of such a folder, or
    a package file (`ruleset.json` or any other name) whose assets sit beside it."""
    p = Path(path)
    if p.is_dir():
        return _assemble(FolderFiles(p), RULESET_FILE, RULESET_FILE)
    try:
        with p.open("rb") as f:
            head = f.read(4)
        packed = p.stat().st_size
    except OSError as exc:
        raise PackageError([Problem("(file)", f"cannot be read: {exc.strerror or exc}")]) from None
    if head in (b"PK\x03\x04", b"PK\x05\x06"):
        if packed > MAX_ZIP_BYTES:
            raise PackageError([Problem("(zip)", f"is {packed:,} bytes, more than {_mib(MAX_ZIP_BYTES)}")])
        return package_from_zip(p.read_bytes())
    # The file the caller named may be a link (theirs to make); its assets sit beside the
    # file it leads to, and are held to that folder.
    real = p.resolve()
    return _assemble(FolderFiles(real.parent), real.name, "(file)")


def package_from_zip(raw: bytes) -> Shipped:
    """The package in a `.zip` of its folder."""
    return _assemble(ZipFiles(raw), RULESET_FILE, RULESET_FILE)


class CarriedFiles:
    """Assets sent as JSON beside the ruleset: already parsed, so no bytes to hash (a
    manifest is never read from them)."""

    def __init__(self, carried: dict[str, Any]):
        self.carried = carried

    def size(self, name: str) -> int:
        if name not in self.carried or name == MANIFEST_FILE:
            raise FileMissing()
        return 0

    def read(self, name: str) -> bytes:
        raise FileRefused("is carried as JSON, not as a file")

    def load(self, name: str) -> tuple[bytes | None, Any]:
        self.size(name)
        return None, self.carried[name]


def is_bundle(data: Any) -> bool:
    """Whether JSON sent for a package is `{"ruleset": {...}, "assets": {...}}` rather
    than the package itself (a package has no top-level key `ruleset`)."""
    return isinstance(data, dict) and "ruleset" in data and "schemaVersion" not in data


def json_size(data: Any) -> int:
    """The bytes of `data` as compact JSON text: the size of a package sent inside another
    request's JSON."""
    return len(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def is_zipped(data: Any) -> bool:
    """Whether JSON sent for a package is `{"zip": "<base64>"}`, a zip of its folder (a
    package has no top-level key `zip`)."""
    return isinstance(data, dict) and set(data) == {"zip"}


def package_from_json(data: Any, size: int | None = None) -> Shipped:
    """A package sent as JSON: the package itself, `{"ruleset": {...}, "assets":
    {"catalogs/spells.json": {...}}}` carrying the files its catalogs name, or `{"zip":
    "<base64>"}`, a zip of its folder. `size` is the bytes it came in (default:
    `json_size`); a zip is held to the zip limits and its package to the size limit."""
    if is_zipped(data):
        packed = data["zip"]
        if not isinstance(packed, str):
            raise PackageError([Problem("zip", "must be text: a zip of the package folder in base64")])
        if len(packed) * 3 // 4 > MAX_ZIP_BYTES:
            raise PackageError([Problem("zip", f"is more than {_mib(MAX_ZIP_BYTES)}")])
        try:
            raw = base64.b64decode(packed, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise PackageError([Problem("zip", f"is not base64: {exc}")]) from None
        return package_from_zip(raw)
    size = json_size(data) if size is None else size
    if size > MAX_PACKAGE_BYTES:
        raise too_large(size)
    problems = Problems()
    if not is_bundle(data):
        return _attach(data, CarriedFiles({}), {}, problems, size, counted=True)
    for key in data:
        if key not in BUNDLE_KEYS:
            problems.add([str(key)], "unknown key")
    ruleset, assets = data.get("ruleset"), data.get("assets", {})
    if not isinstance(ruleset, dict):
        problems.add(["ruleset"], "must be an object: the package's ruleset.json")
    if not isinstance(assets, dict):
        problems.add(["assets"], 'must be an object: {"catalogs/<id>.json": {schemaVersion, catalog, entries}}')
    if problems:
        raise PackageError(problems)
    carried: dict[str, Any] = {}
    for key, value in assets.items():
        try:
            name = inside_name(key)
        except FileRefused as exc:
            problems.add(file_label(key), str(exc))
            continue
        if name in carried:
            problems.add(file_label(name), "is carried twice in assets")
            continue
        carried[name] = value
    named = set(_asset_names(ruleset, Problems()).values())
    for name in carried:
        if name not in named and name != GM_VERBS_FILE:
            problems.add(file_label(name), "is carried in assets, but no catalog names it")
    if problems:
        raise PackageError(problems)
    return _attach(ruleset, CarriedFiles(carried), {}, problems, size, counted=True)

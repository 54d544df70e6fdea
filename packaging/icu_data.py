"""A smaller ICU data library for the Linux build: only the items Qt can ask ICU for.

PySide6's QtCore links ICU, whose data library (``libicudata.so.73``, 32 MB) is one
ICU "common data" package exported as the object ``icudt73_dat``: locale data for
every ICU service. Qt asks ICU for little of it (see ``KEPT_GROUPS``), so the build
extracts the package, keeps those items, and links a replacement library with the
same SONAME and symbol, with nothing but Python and binutils (``as``, ``ld``).

    .venv/bin/python packaging/icu_data.py SOURCE.so DEST.so    # prints the sizes

Package layout (ICU's udata.h and ucmndata.h): a data header of ``header_size`` bytes,
then the table of contents: a uint32 item count and, per item, a (name offset, data
offset) pair of uint32, both counted from the start of the table. Names ("icudt73l/
coll/root.res") are NUL-terminated and sorted, since ICU finds items by binary
search; every item starts on a 16-byte boundary of the package.
"""

from __future__ import annotations

import fnmatch
import shutil
import struct
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ALIGNMENT = 16
_TOC_ENTRY = struct.Struct("<II")
_COUNT = struct.Struct("<I")
_HEADER_START = struct.Struct("<HBB")
_COMMON_DATA_FORMAT = b"CmnD"

# What Qt 6 asks ICU for, as item patterns (after the "icudt73l/" prefix), each with
# the part of Qt that needs it. Everything else (number and date formats, units,
# currencies, language and region names, break iteration, transliteration, rule-based
# number formats, character names, StringPrep profiles) is ICU API Qt never calls:
# QLocale formats from its own CLDR tables, and QTextBoundaryFinder, QString's
# case folding and normalisation, and QUrl's IDNA have tables of their own.
KEPT_GROUPS: dict[str, tuple[str, ...]] = {
    # QCollator (qcollator_icu.cpp: ucol_open, ucol_strcoll) and through it
    # QString::localeAwareCompare and QFileSystemModel's sorting in QFileDialog: the
    # root collation (UCA tables) and each locale's tailoring, so a Swedish or Czech
    # GM's file dialog sorts as their language does.
    "collation": ("coll/*",),
    # QStringConverter/QStringDecoder for encodings other than UTF-8/16/32 and Latin-1
    # (qstringconverter.cpp: ucnv_open, ucnv_countAvailable): the alias table and the
    # single-byte code pages (ISO 8859, Windows, DOS, Mac, KOI8, EBCDIC); see
    # ``keeps_converter`` for the East Asian multi-byte tables left out.
    "converters": ("cnvalias.icu", "*.cnv"),
    # QTimeZone::displayName (qtimezonelocale.cpp: ucal_getTimeZoneDisplayName) and
    # the ICU calendar under it: the zone database, the metazone tables, and the zone
    # names in English, the UI's language (other locales read the English names);
    # the numbering systems, for the digits of "GMT+01:00"-style names.
    "time zones": (
        "zoneinfo64.res", "metaZones.res", "timezoneTypes.res", "numberingSystems.res",
        "zone/root.res", "zone/pool.res", "zone/res_index.res", "zone/en.res", "zone/en_*.res",
    ),
    # The root of the main locale tree and its shared strings: the GMT/UTC name format
    # the zone names fall back to.
    "root locale": ("root.res", "pool.res"),
}

# Converters over this size are the double-byte and mixed tables for Chinese, Japanese
# and Korean text (Shift-JIS, GB18030, Big5, EUC-KR, ...): 4.5 MB of the 5.1 MB of
# converters, for text encodings a GM's campaign files (UTF-8 JSON) never use.
LARGEST_KEPT_CONVERTER = 16 * 1024


@dataclass(frozen=True)
class Package:
    """An ICU common-data package: its data header and its items by name, in order."""

    header: bytes
    items: tuple[tuple[str, bytes], ...]

    @property
    def names(self) -> list[str]:
        """The item names, e.g. ``icudt73l/coll/root.res``."""
        return [name for name, _ in self.items]


class IcuDataError(ValueError):
    """The input is not what the trimming expects (ELF, symbol, or package layout)."""


def _pad(length: int) -> int:
    return -length % ALIGNMENT


def parse_package(data: bytes) -> Package:
    """Split a common-data package into its header and items."""
    header_size, magic1, magic2 = _HEADER_START.unpack_from(data, 0)
    if (magic1, magic2) != (0xDA, 0x27):
        raise IcuDataError("ICU package: header magic must be 0xda27")
    if data[12:16] != _COMMON_DATA_FORMAT:
        raise IcuDataError(f"ICU package: data format must be CmnD, not {data[12:16]!r}")
    if data[8] != 0:
        raise IcuDataError("ICU package: only little-endian packages are supported")
    (count,) = _COUNT.unpack_from(data, header_size)
    toc = [_TOC_ENTRY.unpack_from(data, header_size + 4 + 8 * i) for i in range(count)]
    ends = [offset for _, offset in toc[1:]] + [len(data) - header_size]
    items = []
    for (name_offset, data_offset), end in zip(toc, ends, strict=True):
        start = header_size + name_offset
        name = data[start:data.index(b"\0", start)].decode("ascii")
        items.append((name, data[header_size + data_offset:header_size + end]))
    return Package(header=data[:header_size], items=tuple(items))


def write_package(package: Package) -> bytes:
    """The package as bytes: header, table of contents, names, 16-byte aligned items."""
    if len(package.header) % ALIGNMENT:
        size = len(package.header)
        raise IcuDataError(f"ICU package: header size {size} must be a multiple of 16")
    names = sorted(package.names)
    if names != package.names:
        raise IcuDataError("ICU package: item names must be sorted (ICU searches them)")
    count = len(package.items)
    table_size = _COUNT.size + _TOC_ENTRY.size * count
    name_offsets, name_blob = [], bytearray()
    for name in names:
        name_offsets.append(table_size + len(name_blob))
        name_blob += name.encode("ascii") + b"\0"
    # ICU's tools fill the gap before the first item with 0xaa; so do we.
    offset = table_size + len(name_blob)
    offset += _pad(len(package.header) + offset)
    data_offsets, body = [], bytearray()
    for _, item in package.items:
        data_offsets.append(offset + len(body))
        body += item + bytes(_pad(len(item)))
    toc = b"".join(_TOC_ENTRY.pack(n, d) for n, d in zip(name_offsets, data_offsets, strict=True))
    names_part = bytes(name_blob) + b"\xaa" * (offset - table_size - len(name_blob))
    return package.header + _COUNT.pack(count) + toc + names_part + bytes(body)


def _short_name(name: str) -> str:
    """``icudt73l/coll/root.res`` -> ``coll/root.res``."""
    return name.split("/", 1)[1] if "/" in name else name


def kept_group(name: str) -> str | None:
    """The group of ``KEPT_GROUPS`` an item belongs to, by name, or None."""
    short = _short_name(name)
    for group, patterns in KEPT_GROUPS.items():
        if any(fnmatch.fnmatchcase(short, pattern) for pattern in patterns):
            return group
    return None


def keeps_converter(name: str, data: bytes, dropped: set[str]) -> bool:
    """Whether a converter table stays: small, not ISO-2022's internal tables, not an
    extension of a table left out (its base table's name is in its header)."""
    stem = _short_name(name).removesuffix(".cnv")
    if len(data) > LARGEST_KEPT_CONVERTER or stem.startswith("icu-internal-"):
        return False
    return not any(base.encode("ascii") + b"\0" in data for base in dropped)


def filter_package(package: Package) -> Package:
    """The package with only the items Qt can ask for."""
    items = [item for item in package.items if kept_group(item[0])]
    converters = {name: data for name, data in items if name.endswith(".cnv")}
    big = {
        _short_name(name).removesuffix(".cnv") for name, data in converters.items()
        if len(data) > LARGEST_KEPT_CONVERTER or "/icu-internal-" in name
    }
    kept = tuple(
        (name, data) for name, data in items
        if name not in converters or keeps_converter(name, data, big)
    )
    return Package(header=package.header, items=kept)


@dataclass(frozen=True)
class ElfSymbol:
    """An exported data object of a shared library: its name and its bytes."""

    name: str
    data: bytes


def exported_object(library: bytes) -> ElfSymbol:
    """The one exported data object of a little-endian ELF64 library like libicudata."""
    if library[:4] != b"\x7fELF" or library[4] != 2 or library[5] != 1:
        raise IcuDataError("ICU data library: must be a little-endian 64-bit ELF file")
    section_offset, = struct.unpack_from("<Q", library, 0x28)
    entry_size, count = struct.unpack_from("<HH", library, 0x3A)
    sections = [
        struct.unpack_from("<IIQQQQIIQQ", library, section_offset + i * entry_size)
        for i in range(count)
    ]
    for _, kind, _, _, offset, size, link, _, _, symbol_size in sections:
        if kind != 11:  # SHT_DYNSYM
            continue
        strings = sections[link][4]
        for start in range(offset, offset + size, symbol_size):
            name_at, info, _, index, value, length = struct.unpack_from("<IBBHQQ", library, start)
            if info & 0xF == 1 and index not in (0, 0xFFF1):  # STT_OBJECT, defined
                home = sections[index]
                file_at = home[4] + value - home[3]
                end = library.index(b"\0", strings + name_at)
                name = library[strings + name_at:end].decode("ascii")
                return ElfSymbol(name=name, data=library[file_at:file_at + length])
    raise IcuDataError("ICU data library: no exported data object found")


def soname(library: Path) -> str:
    """The SONAME of a library, read with readelf (binutils)."""
    listing = subprocess.run(
        ["readelf", "-d", "--wide", str(library)], capture_output=True, text=True, check=True
    ).stdout
    for line in listing.splitlines():
        if "(SONAME)" in line:
            return line.split("[", 1)[1].rstrip("]")
    raise IcuDataError(f"{library}: no SONAME")


def assembly_source(symbol: str, data_file: Path) -> str:
    """GNU as source placing the package in .rodata as one exported, aligned object."""
    return "\n".join([
        '\t.section .rodata',
        f'\t.balign {ALIGNMENT}',
        f'\t.globl {symbol}',
        f'\t.type {symbol}, @object',
        f'{symbol}:',
        f'\t.incbin "{data_file}"',
        f'\t.size {symbol}, . - {symbol}',
        '\t.section .note.GNU-stack,"",@progbits',
        '',
    ])


def link_library(data: bytes, symbol: str, library_soname: str, output: Path) -> None:
    """Assemble and link a shared library exporting ``data`` as ``symbol``."""
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        (folder / "package.dat").write_bytes(data)
        source = folder / "package.s"
        source.write_text(assembly_source(symbol, folder / "package.dat"), encoding="ascii")
        subprocess.run(["as", "-o", str(folder / "package.o"), str(source)], check=True)
        output.parent.mkdir(parents=True, exist_ok=True)
        link = ["ld", "-shared", "-soname", library_soname, "-o", str(output)]
        subprocess.run([*link, str(folder / "package.o")], check=True)


def trim_library(source: Path, output: Path) -> Package:
    """Write to ``output`` a copy of the ICU data library ``source`` with only the kept items."""
    symbol = exported_object(source.read_bytes())
    package = filter_package(parse_package(symbol.data))
    link_library(write_package(package), symbol.name, soname(source), output)
    return package


TocEntry = tuple[str, str, str]  # PyInstaller's (name in bundle, source path, kind)


def with_trimmed_icu_data(binaries: list[TocEntry], workdir: Path) -> list[TocEntry]:
    """PyInstaller's binaries, with a trimmed copy in ``workdir`` for ICU's data library.

    Without binutils (``as``, ``ld``, ``readelf``) the original library ships, and
    the build says so.
    """
    missing = [tool for tool in ("as", "ld", "readelf") if shutil.which(tool) is None]
    result = []
    for dest, source, kind in binaries:
        if Path(dest).name.startswith("libicudata.so"):
            if missing:
                print(f"icu_data: {', '.join(missing)} missing (binutils); {dest} ships whole",
                      file=sys.stderr)
            else:
                trimmed = workdir / dest
                trim_library(Path(source), trimmed)
                source = str(trimmed)
        result.append((dest, source, kind))
    return result


def main(argv: list[str]) -> int:
    """Command-line entry point: trim SOURCE into DEST and print what was kept."""
    if len(argv) != 2:
        print(__doc__.splitlines()[0], "\nusage: icu_data.py SOURCE.so DEST.so", file=sys.stderr)
        return 2
    source, output = Path(argv[0]), Path(argv[1])
    whole = parse_package(exported_object(source.read_bytes()).data)
    kept = trim_library(source, output)
    print(f"{len(kept.items)} of {len(whole.items)} items kept")
    before, after = source.stat().st_size / 1e6, output.stat().st_size / 1e6
    print(f"{before:.1f} MB -> {after:.1f} MB ({output})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

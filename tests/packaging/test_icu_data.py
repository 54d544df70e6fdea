"""The trimmed ICU data library: package parsing and writing, filtering, and what Qt gets."""

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import PySide6
import pytest

from tests.packaging.scripts import ROOT, linux_only, load

icu = load("icu_data")
WHEEL_ICU_DATA = Path(PySide6.__file__).parent / "Qt" / "lib" / "libicudata.so.73"
PROBE = ROOT / "tests" / "packaging" / "icu_probe.py"

# A 32-byte data header as ICU writes one: header size, magic 0xda27, then UDataInfo
# (size 20, little-endian, ASCII, 2-byte UChar, format "CmnD" 1.0), zero padding.
HEADER = struct.pack("<HBBHHBBBB4s4s4s", 32, 0xDA, 0x27, 20, 0, 0, 0, 2, 0,
                     b"CmnD", bytes([1, 0, 0, 0]), bytes([3, 0, 0, 0])).ljust(32, b"\0")


def _package(*items: tuple[str, bytes]) -> object:
    return icu.Package(header=HEADER, items=tuple(items))


def test_written_package_puts_names_after_the_table_and_items_on_16_byte_boundaries() -> None:
    """Two items: table of 4 + 2 x 8 bytes, names at 20 and 35, items at 64 and 80."""
    data = icu.write_package(_package(("icudt73l/a.res", b"AAAAA"), ("icudt73l/b.res", b"BB")))
    # By hand: the table is 20 bytes; "icudt73l/a.res\0" is 15 bytes, so the second name
    # starts at 35 and the names end at 50, i.e. 82 bytes into the package; the first
    # item starts at the next multiple of 16 (96, or 64 from the table); item a is 5
    # bytes padded to 16, so item b starts at 80.
    assert struct.unpack_from("<IIIII", data, 32) == (2, 20, 64, 35, 80)
    assert data[32 + 20:32 + 35] == b"icudt73l/a.res\0"
    assert data[32 + 64:32 + 69] == b"AAAAA"
    assert data[32 + 80:] == b"BB" + bytes(14)
    assert len(data) == 32 + 96


def test_parse_gives_back_the_items_written() -> None:
    """Header, names and item bytes survive a write and a parse (items padded to 16)."""
    package = _package(("icudt73l/coll/root.res", b"x" * 16), ("icudt73l/zone/en.res", b"y" * 48))
    parsed = icu.parse_package(icu.write_package(package))
    assert parsed.header == HEADER
    assert parsed == package


@linux_only
def test_real_package_survives_parse_and_write_byte_for_byte() -> None:
    """The wheel's 3921-item package is rebuilt exactly, padding bytes included."""
    original = icu.exported_object(WHEEL_ICU_DATA.read_bytes())
    assert original.name == "icudt73_dat"
    package = icu.parse_package(original.data)
    assert len(package.items) == 3921
    assert icu.write_package(package) == original.data


def test_unsorted_names_and_foreign_data_are_refused() -> None:
    """ICU binary-searches the names, and only common-data packages can be parsed."""
    with pytest.raises(ValueError, match="sorted"):
        icu.write_package(_package(("icudt73l/b.res", b""), ("icudt73l/a.res", b"")))
    with pytest.raises(ValueError, match="magic"):
        icu.parse_package(b"\0" * 64)


@pytest.mark.parametrize(
    ("name", "group"),
    [
        ("icudt73l/coll/root.res", "collation"),
        ("icudt73l/coll/ucadata.icu", "collation"),
        ("icudt73l/coll/sv.res", "collation"),
        ("icudt73l/cnvalias.icu", "converters"),
        ("icudt73l/zoneinfo64.res", "time zones"),
        ("icudt73l/zone/en_GB.res", "time zones"),
        ("icudt73l/pool.res", "root locale"),
        ("icudt73l/zone/de.res", None),
        ("icudt73l/brkitr/cjdict.dict", None),
        ("icudt73l/translit/root.res", None),
        ("icudt73l/unames.icu", None),
        ("icudt73l/curr/en.res", None),
        ("icudt73l/de.res", None),
    ],
)
def test_items_are_kept_by_what_qt_asks_icu_for(name: str, group: str | None) -> None:
    """Collation, converters, English zone names stay; formats and dictionaries go."""
    assert icu.kept_group(name) == group


def test_large_converters_and_the_extensions_built_on_them_are_left_out() -> None:
    """A 20 KB table goes, and so does a small one naming it as its base table."""
    package = _package(
        ("icudt73l/big-table.cnv", b"B" * 20_000),
        ("icudt73l/cnvalias.icu", b"aliases"),
        ("icudt73l/ext-on-big.cnv", b"header big-table\0 rest"),
        ("icudt73l/latin.cnv", b"L" * 3_000),
        ("icudt73l/rbnf/en.res", b"rules"),
    )
    assert icu.filter_package(package).names == ["icudt73l/cnvalias.icu", "icudt73l/latin.cnv"]


@linux_only
def test_linked_library_exports_the_package_under_the_same_soname_and_symbol(
    tmp_path: Path,
) -> None:
    """as and ld give a library ICU can find: same SONAME, the object aligned to 16."""
    data = icu.write_package(_package(("icudt73l/coll/root.res", b"r" * 32)))
    library = tmp_path / "libicudata.so.73"
    icu.link_library(data, "icudt73_dat", "libicudata.so.73", library)
    assert icu.soname(library) == "libicudata.so.73"
    exported = icu.exported_object(library.read_bytes())
    assert (exported.name, exported.data) == ("icudt73_dat", data)
    symbols = subprocess.run(["readelf", "-s", "--wide", str(library)],
                             capture_output=True, text=True, check=True).stdout
    (line,) = [row for row in symbols.splitlines() if "icudt73_dat" in row and "OBJECT" in row][:1]
    assert int(line.split()[1], 16) % 16 == 0


def _probe(library_folder: Path | None) -> dict[str, object]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    if library_folder is not None:
        env["LD_LIBRARY_PATH"] = str(library_folder)  # ahead of the wheel's RUNPATH
    result = subprocess.run([sys.executable, str(PROBE)], capture_output=True, text=True,
                            check=True, env=env, timeout=120)
    answers: dict[str, object] = json.loads(result.stdout)
    return answers


@pytest.fixture(scope="module")
def trimmed_answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """What Qt answers with the trimmed ICU data library in place of the wheel's."""
    folder = tmp_path_factory.mktemp("icu")
    icu.trim_library(WHEEL_ICU_DATA, folder / "libicudata.so.73")
    assert (folder / "libicudata.so.73").stat().st_size < 6_000_000
    return _probe(folder)


@linux_only
def test_trimmed_data_sorts_every_language_as_the_full_data_does(
    trimmed_answers: dict[str, object],
) -> None:
    """QCollator's order for 14 locales is the same, and so are English zone names."""
    full = _probe(None)
    assert trimmed_answers["collation"] == full["collation"]
    assert trimmed_answers["zones"] == full["zones"]
    # Turkish: dotted i upper-cases to İ (U+0130), dotless i (U+0131) to I.
    assert trimmed_answers["upper tr"] == full["upper tr"] == "İSTANBUL Iİ"
    assert trimmed_answers["warnings"] == []


@linux_only
def test_trimmed_data_still_sorts_by_each_languages_own_rules(
    trimmed_answers: dict[str, object],
) -> None:
    """Swedish puts å, ä, ö after z; Czech puts ch after h; Spanish puts ñ after n."""
    orders = trimmed_answers["collation"]
    assert isinstance(orders, dict)
    swedish, czech, spanish = orders["sv_SE"], orders["cs_CZ"], orders["es_ES"]
    assert swedish.index("zoo") < swedish.index("ångström") < swedish.index("Äpfel")
    assert czech.index("hrad") < czech.index("chata")
    assert spanish.index("nube") < spanish.index("ñandú")
    assert orders["en_US numeric"].index("item9") < orders["en_US numeric"].index("item10")


@linux_only
def test_trimmed_data_keeps_single_byte_codecs_and_drops_east_asian_ones(
    trimmed_answers: dict[str, object],
) -> None:
    """windows-1252, ISO-8859-15, KOI8-R open; Shift_JIS and GB18030 no longer do."""
    assert trimmed_answers["converters"] == {
        "windows-1252": True, "ISO-8859-15": True, "KOI8-R": True, "IBM850": True,
        "macintosh": True, "Shift_JIS": False, "GB18030": False,
    }

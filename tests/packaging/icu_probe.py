"""Ask Qt for what it uses ICU for, and print the answers as JSON.

Run as a script by test_icu_data.py, once against the wheel's ICU data and once
against the trimmed library (put first on ``LD_LIBRARY_PATH``), and compared.
"""

import functools
import json
import sys

from PySide6.QtCore import (
    QCollator,
    QDateTime,
    QLocale,
    QStringConverter,
    QStringDecoder,
    Qt,
    QTimeZone,
    qInstallMessageHandler,
)

# Words whose order differs between languages: Swedish sorts å/ä/ö after z, Czech
# "ch" after h, Spanish ñ after n, Danish ø and å after z, Turkish dotless i (U+0131).
WORDS = ["Äpfel", "apple", "Zebra", "zoo", "chata", "cukr", "hrad", "ötzi", "item10", "item9",
         "Ørn", "ångström", "\u0131rmak", "İstanbul", "über", "yacht", "ñandú", "nube", "Łódź"]
LOCALES = ["en_US", "en_GB", "de_DE", "sv_SE", "cs_CZ", "es_ES", "tr_TR", "pl_PL", "da_DK",
           "fr_FR", "ja_JP", "zh_TW", "sr_RS", "C"]
CODECS = ["windows-1252", "ISO-8859-15", "KOI8-R", "IBM850", "macintosh", "Shift_JIS", "GB18030"]
ZONES = [b"Europe/Berlin", b"America/New_York", b"Asia/Tokyo", b"UTC"]


def collation() -> dict[str, list[str]]:
    """Each locale's order of WORDS, plain and with numbers compared as numbers."""
    result = {}
    for name in LOCALES:
        collator = QCollator(QLocale(name))
        result[name] = sorted(WORDS, key=functools.cmp_to_key(collator.compare))
        collator.setNumericMode(True)
        collator.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        result[f"{name} numeric"] = sorted(WORDS, key=functools.cmp_to_key(collator.compare))
    return result


def converters() -> dict[str, bool]:
    """Whether Qt can open each codec by name."""
    return {codec: QStringDecoder(codec).isValid() for codec in CODECS}


def zone_names() -> dict[str, list[str]]:
    """Each zone's English names and abbreviation at one instant."""
    when = QDateTime.fromSecsSinceEpoch(1_700_000_000)
    english = QLocale("en_US")
    return {
        zone_id.decode(): [
            QTimeZone(zone_id).abbreviation(when),
            QTimeZone(zone_id).displayName(when, QTimeZone.NameType.LongName, english),
            QTimeZone(zone_id).displayName(
                QTimeZone.TimeType.DaylightTime, QTimeZone.NameType.LongName, english),
        ]
        for zone_id in ZONES
    }


def main() -> None:
    """Print every answer, and whatever Qt warned about while giving them."""
    warnings: list[str] = []
    qInstallMessageHandler(lambda kind, context, text: warnings.append(text))
    answers = {
        "collation": collation(),
        "converters": converters(),
        "codec count": len(QStringConverter.availableCodecs()),
        "zones": zone_names(),
        "upper tr": QLocale("tr_TR").toUpper("istanbul \u0131i"),
        "warnings": warnings,
    }
    json.dump(answers, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()

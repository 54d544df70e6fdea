"""Parsing XML from a file we did not write, without the XML features that attack readers.

A document type declaration can define entities that expand a few bytes into gigabytes
("billion laughs") or pull in other files; no character file needs one, so any
``<!DOCTYPE`` or ``<!ENTITY`` is refused before parsing, and the parser is told to refuse
them again should one slip past the scan. Nesting deeper than ``MAX_DEPTH`` is refused
as the JSON reader refuses it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import NoReturn
from xml.parsers import expat

from battlewheel.storage.imports.common import ImportRefused

MAX_DEPTH = 40
_DECLARATIONS = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
# UTF-16 files put a zero byte after every ASCII one; scan those with the zeros taken out.
_ZERO = b"\x00"


class _Forbidden(Exception):
    """Raised inside the parser's callbacks; turned into ``ImportRefused`` outside."""


def _forbid(*_args: object) -> NoReturn:
    raise _Forbidden


def parse_xml(raw: bytes, origin: str) -> ET.Element:
    """The root element of a safe document, or ``ImportRefused`` naming the problem."""
    if _DECLARATIONS.search(raw.replace(_ZERO, b"")):
        raise ImportRefused(origin, "", "the XML has a DOCTYPE or ENTITY declaration, "
                            "which no character file needs; it is refused unread")
    builder = _Builder()
    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = _forbid
    parser.EntityDeclHandler = _forbid
    parser.ExternalEntityRefHandler = _forbid
    try:
        parser.Parse(raw, True)
        return builder.close()
    except _Forbidden:
        raise ImportRefused(origin, "", "the XML declares entities, which no character "
                            "file needs; it is refused") from None
    except _TooDeep:
        raise ImportRefused(origin, "", f"the XML is nested more than {MAX_DEPTH} levels "
                            "deep; no character file is") from None
    except LookupError:
        raise ImportRefused(origin, "", "the XML declares a text encoding Python does not "
                            "know") from None
    except (expat.ExpatError, ET.ParseError) as error:
        where = f" (line {error.lineno}, column {error.offset})" \
            if isinstance(error, expat.ExpatError) else ""
        raise ImportRefused(origin, "", f"the file is not valid XML{where}") from None


class _TooDeep(Exception):
    """The document nests deeper than ``MAX_DEPTH``."""


class _Builder:
    """ElementTree's tree builder, counting the depth as elements open."""

    def __init__(self) -> None:
        self.tree = ET.TreeBuilder()
        self.depth = 0

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _TooDeep
        self.tree.start(tag, attributes)

    def end(self, tag: str) -> None:
        self.depth -= 1
        self.tree.end(tag)

    def data(self, text: str) -> None:
        self.tree.data(text)

    def close(self) -> ET.Element:
        return self.tree.close()

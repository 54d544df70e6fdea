"""The character editor: one window for a character's identity and its stat block in every
system, built from what each ruleset declares about its block (``engine/core/block_form``).

    editor = CharacterEditor(character, systems, commit, parent)   # character None: new
    editor.open()
"""

from battlewheel.views.character_editor.window import (
    CharacterEditor,
    editor_from_draft,
    pending_draft,
)

__all__ = ["CharacterEditor", "editor_from_draft", "pending_draft"]

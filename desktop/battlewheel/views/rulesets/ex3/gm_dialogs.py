"""The GM's hand in a 3e fight, and the rulings that happen out of turn.

Range between a pair (or a zone), conditions, rough terrain and the Break for a
self-Crash are the GM's edits (rules/3e.md §4 GM input, §5); escaping a hold at bay,
the hold running out and rejoining after Go to Ground follow 003 but come at no one's
turn in particular. Each dialog builds one engine action; the shared frame rehearses
it, shows the refusal in plain words and records it as one undo step.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtWidgets import QComboBox, QWidget

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.contract import Odds
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers import gm
from battlewheel.engine.rulesets.ex3.handlers import initiative as ini
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.dice_entry import FaceSource
from battlewheel.views.rulesets.ex3.attack_dialog import AttackDialog
from battlewheel.views.rulesets.ex3.base import (
    Ex3Dialog,
    choice_box,
    chosen,
    combatant_box,
    opposed_odds,
    spin,
)

CONDITION_NAMES = (("Prone", "prone"), ("Cover (0 none, 1 light, 2 heavy, 3 total)", "cover"),
                   ("Mounted", "mounted"), ("Leader killed (battle group)", "leader_killed"),
                   ("Concealed from…", "concealed"))
ZONE_RANGE = (-9, 9)


def select(box: QComboBox, cid: str) -> None:
    """Start a drop-down of combatants on ``cid`` when it is listed."""
    index = box.findData(cid)
    if index >= 0:
        box.setCurrentIndex(index)


class GmDialog(Ex3Dialog):
    """A GM edit: titled for the GM, not for whoever acts."""

    def __init__(self, model: CombatModel, actor: str, parent: QWidget | None = None, *,
                 face_source: FaceSource | None = None) -> None:
        super().__init__(model, actor, parent, face_source=face_source)
        self.setWindowTitle(f"GM: {self.TITLE}")

    def headline(self) -> str:
        return f"GM: {self.TITLE}"


class RangeDialog(GmDialog):
    """Put a combatant at a range band of another, or in a zone (003 §Positioning; range_model)."""

    TITLE = "Range"
    PLACES = (("At a range band of someone", "pair"), ("In a zone", "zone"))

    def build(self) -> None:
        state = self.state
        everyone = list(state.combatants)
        self.who_box = self.add("&Who", combatant_box(state, everyone, self.body))
        select(self.who_box, self.actor)
        zones = state.options.range_model == "zones"
        self.place = self.add("&Place", choice_box(self.PLACES if zones else self.PLACES[:1],
                                                   self.body))
        self.other = self.add("&Of", combatant_box(state, everyone, self.body))
        bands = r.RANGE_ORDER[:2] if zones else r.RANGE_ORDER
        self.band = self.add("&Band", choice_box(((b, b) for b in bands), self.body))
        self.zone = self.add("&Zone", spin(*ZONE_RANGE, self.who().zone if self.actor else 0,
                                           self.body))
        self.place.currentIndexChanged.connect(self._show_rows)
        self.who_box.currentIndexChanged.connect(self._now)
        self.other.currentIndexChanged.connect(self._now)
        self.now = self.note("")
        if zones:
            self.note("With zones, close and short range are set here; farther bands follow "
                      "from the zones (place the combatant in a zone). No rule cost.")
        self.who_box.currentIndexChanged.connect(self._toward_first_foe)
        self._toward_first_foe()
        self._show_rows()

    def _toward_first_foe(self) -> None:
        """"Of" starts on the first standing foe, "Band" on the band between them now, so
        Ctrl+G, a band's first letter and Ctrl+Return set a pair by keys alone."""
        state, who = self.state, chosen(self.who_box)
        if not who:
            return
        foes = [o for o, w in state.combatants.items()
                if o != who and state.hostile(who, o) and not w.out]
        if foes:
            select(self.other, foes[0])
            select(self.band, d.band(state, who, foes[0]))

    def first_field(self) -> QWidget:
        """The band: its first letter picks it (c, s, m, l, e)."""
        return self.band

    def _show_rows(self) -> None:
        pair = chosen(self.place) == "pair"
        self.form.setRowVisible(self.other, pair)
        self.form.setRowVisible(self.band, pair)
        self.form.setRowVisible(self.zone, not pair)
        self._now()

    def _now(self) -> None:
        """The band as it stands, so the GM sees what the edit changes."""
        first, second = chosen(self.who_box), chosen(self.other)
        if first and second and first != second:
            self.now.setText(f"Now: {d.band(self.state, first, second)} range.")
        else:
            self.now.setText("")
        self.update_preview()

    def engine_actions(self) -> list[Action] | None:
        who = chosen(self.who_box)
        if chosen(self.place) == "zone":
            return [a.SetRange(who, zone=self.zone.value())]
        return [a.SetRange(who, chosen(self.other), chosen(self.band))]


class ConditionDialog(GmDialog):
    """Prone, cover, mounted, a leader killed, hidden from someone, as the GM rules."""

    TITLE = "Condition"

    def build(self) -> None:
        state = self.state
        self.who_box = self.add("&Who", combatant_box(state, list(state.combatants), self.body))
        select(self.who_box, self.actor)
        self.condition = self.add("&Condition", choice_box(CONDITION_NAMES, self.body))
        self.value = self.add("&Value (0 off, 1 on; cover 0-3)", spin(0, 3, 1, self.body))
        self.other = self.add("&From", combatant_box(state, list(state.combatants), self.body))
        self.condition.currentIndexChanged.connect(self._show_rows)
        self._show_rows()

    def _show_rows(self) -> None:
        self.form.setRowVisible(self.other, chosen(self.condition) == "concealed")
        self.update_preview()

    def engine_actions(self) -> list[Action] | None:
        condition = chosen(self.condition)
        other = chosen(self.other) if condition == "concealed" else ""
        return [a.SetCondition(chosen(self.who_box), condition, self.value.value(), other)]


class TerrainDialog(GmDialog):
    """Mark a zone as difficult terrain, or clear it (003 §Positioning and Movement)."""

    TITLE = "Rough terrain"
    CHOICES = (("Difficult terrain (counts 2 for Move, -3 to movement rolls)", "rough"),
               ("Open ground", "open"))

    def build(self) -> None:
        state = self.state
        start = state.combatants[self.actor].zone if self.actor in state.combatants else 0
        self.zone = self.add("&Zone", spin(*ZONE_RANGE, start, self.body))
        self.ground = self.add("&Ground", choice_box(self.CHOICES, self.body))
        rough = ", ".join(map(str, sorted(state.rough_zones))) or "none"
        self.note(f"Rough zones now: {rough}.")

    def engine_actions(self) -> list[Action] | None:
        return [a.MarkRough(self.zone.value(), chosen(self.ground) == "rough")]


class RemoveDialog(GmDialog):
    """Take a combatant out of the fight, with its pairs and grapples (the GM's call)."""

    TITLE = "Take out of the fight"

    def build(self) -> None:
        state = self.state
        self.who_box = self.add("&Who", combatant_box(state, list(state.combatants), self.body))
        select(self.who_box, self.actor)
        self.note("For someone who leaves the scene for good: fled, captured, or added by "
                  "mistake. Ctrl+Z brings them back.")

    def engine_actions(self) -> list[Action] | None:
        return [a.RemoveCombatant(chosen(self.who_box))]


class AwardBreakDialog(GmDialog):
    """The Break for a self-Crash goes to the foe the GM names (003 §Crash; 3e reading §4)."""

    TITLE = "Award Break"

    def build(self) -> None:
        state = self.state
        self.crashed = self.add("&Crashed", combatant_box(state, gm.self_crashed(state), self.body))
        self.to = self.add("&Break to", combatant_box(state, [], self.body))
        self.proposal = self.note("")
        self.crashed.currentIndexChanged.connect(self._fill_foes)
        self._fill_foes()

    def _fill_foes(self) -> None:
        """The crashed one's foes, the last to attack it proposed first."""
        crashed = chosen(self.crashed)
        self.to.clear()
        if not crashed:
            return
        proposed = gm.proposed_break(self.state, crashed)
        foes = sorted(self.state.foes(crashed), key=lambda f: f != proposed)
        for foe in foes:
            self.to.addItem(self.state.name(foe), foe)
        self.proposal.setText(f"Proposed: {self.state.name(proposed)}, the last foe to attack."
                              if proposed else "No foe attacked it: the GM chooses.")
        self.update_preview()

    def engine_actions(self) -> list[Action] | None:
        crashed, to = chosen(self.crashed), chosen(self.to)
        if not crashed or not to:
            self.missing = "Nobody is in a Crash of their own making with a Break to give."
            return None
        return [a.AwardBreak(to, crashed)]


class RejoinDialog(GmDialog):
    """One who went to ground comes back at -10i (003 §Go to Ground)."""

    TITLE = "Rejoin from hiding"

    def build(self) -> None:
        self.who_box = self.add("&Who", combatant_box(self.state, gm.gone(self.state), self.body))
        self.note(f"Comes back at {r.GO_TO_GROUND_REJOIN}i: in Crash of its own making.")

    def engine_actions(self) -> list[Action] | None:
        who = chosen(self.who_box)
        if not who:
            self.missing = "Nobody has gone to ground."
            return None
        return [a.Rejoin(who)]


class EndHoldDialog(GmDialog):
    """The hold's rounds have passed: both roll Join Battle, the target at -2
    (003 §Attacks From Stealth)."""

    TITLE = "A hold at bay runs out"

    def build(self) -> None:
        self.target = self.add("&Held", combatant_box(self.state, gm.hold_over(self.state),
                                                      self.body))
        self.holder_roll = self.dice("Holder's Join Battle")
        self.target_roll = self.dice("Target's Join Battle (-2)")
        self.note("If the holder wins, it may ambush the target at once (Defence 0).")
        self.target.currentIndexChanged.connect(self.update_preview)

    def holder(self) -> str:
        """Who holds the chosen target."""
        target = self.state.combatants.get(chosen(self.target))
        return target.held_by if target else ""

    def refresh_pools(self) -> None:
        """Join Battle for each, the target's 2 dice fewer."""
        holder, target = self.holder(), chosen(self.target)
        if not holder:
            return
        for row, cid, cut in ((self.holder_roll, holder, 0), (self.target_roll, target, 2)):
            who = self.state.combatants[cid]
            row.set_pool(max(ini.join_pool(who) - cut, 0), double_tens=who.block.double_tens)

    def engine_actions(self) -> list[Action] | None:
        holder = self.holder()
        if not holder:
            self.missing = "No hold at bay has run its course."
            return None
        if not self.need(self.holder_roll, "the holder's roll") or \
                not self.need(self.target_roll, "the target's roll"):
            return None
        mine, theirs = self.holder_roll.entry(), self.target_roll.entry()
        assert mine is not None and theirs is not None
        return [a.EndHold(holder, chosen(self.target), mine, theirs)]

    def current_odds(self) -> Odds | None:
        """The holder's chance to out-roll the target and ambush at once."""
        holder, target = self.holder(), chosen(self.target)
        if not holder:
            return None
        tens = [self.state.combatants[cid].block.double_tens for cid in (holder, target)]
        return opposed_odds(f"{self.state.name(holder)}'s Join Battle against "
                            f"{self.state.name(target)}'s", (self.holder_roll.pool(), tens[0]),
                            [(self.target_roll.pool(), tens[1])])


class EscapeDialog(AttackDialog):
    """A held target tries to escape: its holder strikes at once, reflexively, a decisive
    ambush with +5 successes on the damage and the target's Hardness as 0
    (003 §Attacks From Stealth)."""

    TITLE = "Escape from a hold"

    def build(self) -> None:
        super().build()
        self.mode.setCurrentIndex(self.mode.findData(a.DECISIVE))
        self.mode.setEnabled(False)
        for row in (self.grapple, self.declared):
            self.form.setRowVisible(row, False)
        self.flurry.setVisible(False)
        self.hold.setVisible(False)
        self.note(f"Reflexive: it spends no action of {self.state.name(self.actor)}'s. "
                  f"Defence 0, +{r.AMBUSH_ESCAPE_BONUS} successes on the damage roll, "
                  "Hardness 0.")

    def _targets(self) -> list[str]:
        return [cid for cid in gm.held(self.state) if self.state.combatants[cid].held_by
                == self.actor]

    def _show_rows(self) -> None:
        super()._show_rows()
        if hasattr(self, "hold"):
            self.hold.setVisible(False)

    def declaration(self, attack: DiceEntry | None = None) -> a.Attack:
        """The reflexive decisive attack on the escaping target."""
        declared = super().declaration() if attack is None else super().declaration(attack)
        return dataclasses.replace(declared, mode=a.DECISIVE, gambit="", escape=True,
                                   flurry=False, hold_at_bay=False, grapple="")

    def headline(self) -> str:
        return (f"{self.state.name(self.actor)} strikes at an escaping captive "
                "(003 §Attacks From Stealth)")

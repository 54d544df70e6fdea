"""The one error a campaign or character file can raise when it cannot be used."""

from pathlib import Path


class CampaignFileError(ValueError):
    """A campaign or character file that cannot be opened, with the reason.

    The message names the file and the problem (the field and what is allowed, where
    there is one), ready to show the GM as is. Raising it changes nothing: the file on
    disk is left as it was and the campaign already open stays open.
    """

    def __init__(self, path: Path | str | None, problem: str) -> None:
        self.path = Path(path) if path is not None else None
        self.problem = problem
        where = f"{self.path.name}: " if self.path is not None else ""
        super().__init__(f"{where}{problem}")

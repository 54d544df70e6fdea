"""View > Share with the table: the GM's side of the shared page.

``ShareControl`` owns the server while a share runs and publishes the fight to it after
every change (built on the GUI thread from the same board the player screen draws, then
handed over; the server's own thread does all the network work). ``ShareDialog`` picks
the interface and port, shows the address as text and as a QR code, the number of phones
watching, and Stop. The window imports this module only when the GM first opens it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlewheel.models.combat_model import CombatModel
from battlewheel.sharing.server import MAX_WATCHERS, ShareServer
from battlewheel.sharing.snapshot import SharedPage, page_of

DEFAULT_PORT = 8737
LOOPBACK = "127.0.0.1"
REPUBLISH_MS = 1000  # names revealed and themes switched reach the phones this soon
COUNT_MS = 500


class ShareControl(QObject):
    """The running share (or none): start, stop, a new link, and the page it serves."""

    changed = Signal()  # started, stopped, a new link

    def __init__(self, window: QWidget, combat: CombatModel,
                 hidden: Callable[[Collection[str]], set[str]],
                 theme: Callable[[], str]) -> None:
        """``hidden(enemies)`` says which enemies go unnamed; ``theme()`` the window's."""
        super().__init__(window)
        self.combat = combat
        self.hidden = hidden
        self.theme = theme
        self.server: ShareServer | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(REPUBLISH_MS)
        self._timer.timeout.connect(self.publish)
        combat.changed.connect(self.publish)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)  # quitting stops the share
        window.destroyed.connect(self.stop)

    @property
    def running(self) -> bool:
        return self.server is not None

    def page(self) -> SharedPage:
        """The fight as it stands now (never the GM's preview of History)."""
        session = self.combat.session
        ruleset, state = session.ruleset, session.state
        enemies = [cid for cid in ruleset.combatants(state)
                   if not ruleset.vitality(state, cid).player]
        return page_of(ruleset, state, self.hidden(enemies), self.theme())

    def start(self, host: str, port: int) -> None:
        """Serve on ``host``:``port`` with a fresh key; OSError if it cannot listen."""
        self.stop()
        server = ShareServer(self.page())
        server.start(host, port)
        self.server = server
        self._timer.start()
        self.changed.emit()

    def publish(self) -> None:
        if self.server is not None:
            self.server.publish(self.page())

    def new_link(self) -> None:
        """A new key: the old address stops working, its phones are cut off."""
        if self.server is not None:
            self.server.renew_key()
            self.changed.emit()

    def stop(self) -> None:
        """Stop serving (nothing listens afterwards)."""
        server, self.server = self.server, None
        self._timer.stop()
        if server is not None:
            server.stop()
            self.changed.emit()


def addresses() -> list[tuple[str, str]]:
    """The interfaces to offer, as (label, address): the local networks first, then this
    computer only. Never all interfaces at once."""
    # ifaddr (pure Python) reads the interfaces; Qt's network module stays out of the
    # standalone build, which leaves it (and its TLS libraries) out on purpose.
    import ipaddress

    import ifaddr

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str) or ipaddress.ip_address(ip.ip).is_loopback:
                continue  # IPv6 entries are tuples; loopback is offered last, by name
            found.append((f"{adapter.nice_name} ({ip.ip})", ip.ip))
    found.append((f"This computer only ({LOOPBACK})", LOOPBACK))
    return found


def qr_pixmap(text: str, scale: int = 5) -> QPixmap:
    """``text`` as a QR code (segno draws it; nothing goes over the network)."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class ShareDialog(QDialog):
    """Where to serve, the address and its QR code, the phones watching, Start and Stop."""

    def __init__(self, control: ShareControl, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shareDialog")
        self.setWindowTitle("Share with the table")
        self.control = control
        self.where = QComboBox(self)
        for label, address in addresses():
            self.where.addItem(label, address)
        self.port = QSpinBox(self)
        self.port.setRange(0, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setSpecialValueText("any free port")
        self.start_button = QPushButton("&Start", self)
        self.start_button.clicked.connect(self.start)
        self.stop_button = QPushButton("S&top", self)
        self.stop_button.clicked.connect(control.stop)
        self.new_link_button = QPushButton("&New link", self)
        self.new_link_button.setToolTip("A new address: the old one stops working")
        self.new_link_button.clicked.connect(control.new_link)
        self.address = QLineEdit(self)
        self.address.setReadOnly(True)
        self.address.setObjectName("shareAddress")
        copy = QPushButton("&Copy", self)
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.address.text()))
        self.qr = QLabel(self)
        self.qr.setObjectName("shareQr")
        self.watching = QLabel(self)
        self.watching.setObjectName("shareWatching")
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self._lay_out(copy)
        self._counter = QTimer(self)
        self._counter.setInterval(COUNT_MS)
        self._counter.timeout.connect(self._show_count)
        self._counter.start()
        control.changed.connect(self._show_state)
        self._show_state()

    def _lay_out(self, copy: QPushButton) -> None:
        form = QFormLayout()
        form.addRow("Serve &on:", self.where)
        form.addRow("&Port:", self.port)
        buttons = QHBoxLayout()
        for button in (self.start_button, self.stop_button, self.new_link_button):
            buttons.addWidget(button)
        line = QHBoxLayout()
        line.addWidget(self.address, 1)
        line.addWidget(copy)
        note = QLabel("Anyone on this network who has the link can watch the player "
                      "screen; nobody can change anything. Names you hide stay hidden.", self)
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addLayout(line)
        layout.addWidget(self.qr)
        layout.addWidget(self.watching)
        layout.addWidget(self.message)
        layout.addWidget(note)

    def start(self) -> None:
        host, port = self.where.currentData(), self.port.value()
        try:
            self.control.start(host, port)
        except OSError as error:
            self.message.setText(f"Cannot serve on {host} port {port}: {error.strerror or error}"
                                 " (another port, or another interface?)")
            return
        self.message.setText("")

    def _show_state(self) -> None:
        server = self.control.server
        on = server is not None
        self.start_button.setEnabled(not on)
        self.where.setEnabled(not on)
        self.port.setEnabled(not on)
        self.stop_button.setEnabled(on)
        self.new_link_button.setEnabled(on)
        self.address.setText(server.url if server is not None else "")
        if server is not None:
            self.qr.setPixmap(qr_pixmap(server.url))
        else:
            self.qr.clear()
            self.qr.setText("Not sharing: nothing listens until you press Start.")
        self._show_count()

    def _show_count(self) -> None:
        server = self.control.server
        count = server.watchers if server is not None else 0
        self.watching.setText(f"Phones watching: {count} of at most {MAX_WATCHERS}"
                              if server is not None else "")


def window_theme(window: QWidget) -> str:
    """The window's theme name (light, dark or system), "system" until it has one."""
    theme = getattr(window, "theme_name", "system")
    name = theme() if callable(theme) else theme
    return name if isinstance(name, str) else "system"


def open_share_dialog(window: QWidget, combat: CombatModel,
                      hidden: Callable[[Collection[str]], set[str]]) -> ShareDialog:
    """Show the window's share dialog (made on first use, with its control)."""
    dialog: ShareDialog | None = getattr(window, "_share_dialog", None)
    if dialog is None:
        control = ShareControl(window, combat, hidden, lambda: window_theme(window))
        dialog = ShareDialog(control, window)
        window._share_dialog = dialog  # type: ignore[attr-defined]
    if dialog.isVisible():
        dialog.raise_()  # open already, perhaps behind the window
    dialog.show()
    return dialog


def stop_sharing(window: QWidget) -> None:
    """The campaign on screen closes: its share stops."""
    dialog: ShareDialog | None = getattr(window, "_share_dialog", None)
    if dialog is not None:
        dialog.control.stop()

"""The widget that shows the wheel scene, scaled to fit whatever room it is given."""

import math

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from battlewheel.views.viewports import own_viewport
from battlewheel.views.wheel.scene import WheelScene

# fitInView leaves this many pixels clear on each side of the scene.
_FIT_MARGIN = 2


class WheelView(QGraphicsView):
    """Shows the whole wheel, antialiased, refitted on every resize."""

    def __init__(self, scene: WheelScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        own_viewport(self)  # see views.viewports: no widget class set up for nothing
        self.wheel_scene = scene
        self.setObjectName("wheelView")
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setMinimumSize(320, 320)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # The tray for counters not on the wheel comes and goes: refit when it does.
        scene.sceneRectChanged.connect(self.fit)

    def fit(self) -> None:
        """Scale the view so the whole wheel and its labels are visible."""
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.wheel_scene.set_screen_scale(self.wheel_scale())

    def wheel_scale(self) -> float:
        """Screen pixels per scene unit: how large the wheel is drawn now."""
        return self.transform().m11()

    def spare_width(self, scale: float) -> int:
        """Pixels of width the view could give up and still draw the wheel at ``scale``.

        Negative when it is already too narrow for that; a view whose height limits
        the wheel has width to spare.
        """
        frame = self.width() - self.viewport().width()
        needed = math.ceil(self.sceneRect().width() * scale - 1e-6) + 2 * _FIT_MARGIN + frame
        return self.width() - needed

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the wheel fitted to the new size."""
        super().resizeEvent(event)
        self.fit()

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch reaches the view as a new palette: the wheel repaints in it."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.wheel_scene.restyle()

    def showEvent(self, event: QShowEvent) -> None:
        """Fit once the view has its real size."""
        super().showEvent(event)
        self.fit()

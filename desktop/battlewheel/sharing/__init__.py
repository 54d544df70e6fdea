"""Sharing with the table: the player screen served read-only to the players' phones.

``snapshot`` turns what the player screen may show (``views.player_board``) into the
page's JSON, ``wheel_svg`` draws the wheel as SVG, ``server`` serves both over HTTP with
server-sent events, ``command`` is ``battlewheel share`` and ``dialog`` is the window's
View > Share with the table. Nothing here is imported before the GM first asks for it.
"""

"""The table's built-in display: a web page for the table's own screen and a judge's phone.

Why a package: the page has several small parts that change for different reasons — the
view model built from the table's status (``views``), the tile pictures (``tile_faces``), the
two languages (``texts``), the live event stream with resume (``stream``), the HTTP server
in its own thread (``server``), the operator's and judge's actions (``actions``), the PIN
that guards them (``pin_gate``), where they are written (``records``), the section's options
(``settings``) and the ``[display]`` component that ties them to the service
(``component``). The views, pictures, texts and stream are plain data in, plain data out;
the actions reach the table only on the scheduler's thread.
"""

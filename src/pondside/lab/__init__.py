"""The designer's lab (``pondside lab``): what a rule change does to a game, measured on the same
deals before anyone plays it. ``metrics`` defines every figure, ``tunables`` the rule constants a
game lets the lab change, ``run`` plays the matches, ``results`` reads them and ``report``
writes the HTML, JSON and CSV."""

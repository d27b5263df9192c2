"""What Folio's scripts share, standard library only: `foliokit.tmux` drives a terminal program
in a private tmux server, and `foliokit.pdf` writes PDF files by hand.

The scripts import it after putting their own folder first on the module path:

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from foliokit import pdf
"""

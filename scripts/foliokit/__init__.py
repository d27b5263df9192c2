"""What Folio's scripts share, standard library only: `foliokit.tmux` drives a terminal program
in a private tmux server, and `foliokit.pdf` writes PDF files by hand. (`terminal.bash`, beside
them, is what the bash tests of real terminals source: scripts/test-xterm and its siblings.)

The scripts import it after putting their own folder first on the module path:

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from foliokit import pdf
"""

"""What Folio's scripts share: `foliokit.pdf` writes PDF files by hand. Standard library only.

The scripts import it after putting their own folder first on the module path:

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from foliokit import pdf
"""

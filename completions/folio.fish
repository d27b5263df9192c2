# folio's completions, generated from its option table: do not edit.
# FOLIO_UPDATE_DOCS=1 swift test --filter ShellCompletionTests rewrites it (docs/TESTING.md).
complete -c folio -f
complete -c folio -l info -d 'print document facts as "Key: value" lines, then exit'
complete -c folio -l text -d 'print the text of the selected pages, each followed by a form feed'
complete -c folio -l reflow -d 'with --text: print the reader\'s reflowed text'
complete -c folio -l layout -d 'with --text: print the reader\'s page layout (words on a grid)'
complete -c folio -l pages -x -d 'pages for --text, --search, --annotations and images, from 1: 3 | 2-5 | 7- | 1,4,9-12'
complete -c folio -l sixel -d 'write the selected pages as sixel images'
complete -c folio -l image -d 'write the selected pages as images in the --graphics protocol'
complete -c folio -l width -x -d 'image width in pixels for --sixel and --image'
complete -c folio -l size -x -d 'fit --image or --preview pages in COLS×ROWS cells'
complete -c folio -l preview -d 'print one page fitted to --size, for file managers and fzf'
complete -c folio -l cell-size -x -d 'with --preview or --image: one cell in pixels'
complete -c folio -l outline -d 'print the outline: two spaces of indent per level, "title<TAB>page"'
complete -c folio -l search -x -d 'print "PAGE:LINE" for each line that matches; exit 1 when none'
complete -c folio -l labels -d 'with --outline and --search: add each page\'s printed label'
complete -c folio -l annotations -d 'print each annotation as "PAGE<TAB>TYPE<TAB>MARKED TEXT<TAB>NOTE"'
complete -c folio -l markdown -d 'with --annotations: print reading notes in Markdown, grouped by page'
complete -c folio -l json -d 'print --info, --outline, --search and --annotations as JSON (docs/CLI.md)'
complete -c folio -l password -x -d 'password for an encrypted document'
complete -c folio -s p -l page -x -d 'open the reader at page N (from 1), or at a printed label: @xiv, @714'
complete -c folio -l graphics -x -a 'auto kitty sixel iterm halfblock none' -d 'image view: auto, kitty, sixel, iterm, halfblock or none'
complete -c folio -l compact-sixel -x -a 'auto on off' -d 'grey pages as sixel in 12 greys, about half the bytes: auto, on or off'
complete -c folio -l synctex-forward -x -d 'open FILE at the place typeset from LINE of TEXFILE (SyncTeX)'
complete -c folio -l synctex-editor -x -d 'inverse search (S, Ctrl-click) runs COMMAND, instead of set synctex-editor'
complete -c folio -l remote -d 'send COMMAND to a running reader and print its one-line reply'
complete -c folio -l to -x -d 'with --remote: the reader showing FILE, or with process ID PID'
complete -c folio -l list -d 'with --remote: list the running readers as "PID<TAB>PAGE<TAB>FILE"'
complete -c folio -l config -r -F -d 'read FILE instead of ~/.config/folio/config'
complete -c folio -l no-config -d 'read no configuration file'
complete -c folio -l check-config -d 'report every problem in the configuration file; exit 1 if any'
complete -c folio -l list-commands -d 'print every command a configuration file can map, by mode'
complete -c folio -l diagnose -d 'print what the terminal supports for the image view, then exit'
complete -c folio -l version -d 'print the version and exit'
complete -c folio -s h -l help -d 'print this help and exit'
# Folders and the documents folio opens (fish 3.6's __fish_complete_suffix takes one suffix
# and offers every other file too).
function __folio_documents
    for entry in (commandline -ct)*
        if test -d "$entry"
            echo $entry/
        else if string match -qir -- '\.(bmp|cbz|epub|fb2|gif|jp2|jpeg|jpg|jpx|jxr|mobi|oxps|pbm|pdf|pgm|png|pnm|ppm|svg|tif|tiff|xhtml|xps)$' $entry
            echo $entry
        end
    end
end
complete -c folio -n 'not string match -q -- "-*" (commandline -ct)' -a '(__folio_documents)'

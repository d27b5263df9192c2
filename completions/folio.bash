# folio's completions, generated from its option table: do not edit.
# FOLIO_UPDATE_DOCS=1 swift test --filter ShellCompletionTests rewrites it (docs/TESTING.md).
_folio() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    # bash splits --graphics=sixel into three words: --graphics, = and sixel.
    if [[ $cur == = ]]; then
        prev=${COMP_WORDS[COMP_CWORD-1]} cur=
    elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
        prev=${COMP_WORDS[COMP_CWORD-2]}
    fi
    COMPREPLY=()
    case $prev in
        --pages) return ;;
        --width) return ;;
        --size) return ;;
        --cell-size) return ;;
        --search) return ;;
        --password) return ;;
        -p|--page) return ;;
        --graphics) mapfile -t COMPREPLY < <(compgen -W 'auto kitty sixel iterm halfblock none' -- "$cur"); return ;;
        --compact-sixel) mapfile -t COMPREPLY < <(compgen -W 'auto on off' -- "$cur"); return ;;
        --synctex-forward) return ;;
        --synctex-editor) return ;;
        --to) return ;;
        --config) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W '--info --text --reflow --layout --pages --sixel --image --width --size --preview --cell-size --outline --search --labels --annotations --markdown --json --password -p --page --graphics --compact-sixel --synctex-forward --synctex-editor --remote --to --list --config --no-config --check-config --list-commands --diagnose --version -h --help' -- "$cur")
        return
    fi
    local entry
    while IFS= read -r entry; do
        if [[ -d $entry ]]; then
            COMPREPLY+=("$entry")
        else
            case ${entry,,} in *.bmp|*.cbz|*.epub|*.fb2|*.gif|*.jp2|*.jpeg|*.jpg|*.jpx|*.jxr|*.mobi|*.oxps|*.pbm|*.pdf|*.pgm|*.png|*.pnm|*.ppm|*.svg|*.tif|*.tiff|*.xhtml|*.xps) COMPREPLY+=("$entry") ;; esac
        fi
    done < <(compgen -f -- "$cur")
}
complete -o filenames -F _folio folio

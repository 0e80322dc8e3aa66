#!/bin/sh
# ranger's preview script: $1 the file, $2 $3 the preview column's width and height.
# Photos become block art at that size, in 256 colours (ranger's ANSI reader knows
# 38;5 and not 24-bit colour); exit 0 asks ranger to call again when the size changes.
# Anything else: exit 2, ranger shows the file as plain text.
case "$1" in
    *.[jJ][pP][gG]|*.[jJ][pP][eE][gG]|*.[pP][nN][gG]|*.[gG][iI][fF]|*.[wW][eE][bB][pP]|\
    *.[aA][vV][iI][fF]|*.[hH][eE][iI][cC]|*.[jJ][xX][lL]|*.[tT][iI][fF]|*.[tT][iI][fF][fF]|*.[bB][mM][pP])
        photofeed show --colors 256 --width "$2" --height "$3" -- "$1" && exit 0
        exit 1 ;;
esac
exit 2

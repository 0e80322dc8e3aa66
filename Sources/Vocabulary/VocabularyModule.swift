// Vocabulary: the words several modules share, each defined once: pixel sizes, cell sizes, a cell's proportions, points and rectangles, colour depth, cell colour, the disappear policy, photo keys and load slots, library versions.
//
// May import, of this package: nothing.
// (Package.swift declares the same; scripts/check-architecture.py keeps this line and Package.swift equal.)

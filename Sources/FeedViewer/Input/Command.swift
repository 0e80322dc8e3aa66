import TerminalGraphics
import Sidecars
public import TerminalScreen
public import Vocabulary
/// What the viewer should do, decoded from input by a ``KeyMap``.
public enum Command: Hashable, Sendable {
    /// Move the focus by a number of rows (negative: up).
    case moveFocus(by: Int)
    /// Move the focus by a number of items, sideways in a grid (wrapping to the next line).
    case moveFocusSideways(by: Int)
    /// Focus the item drawn at a screen cell (a click; on the focused item, open it).
    case focus(at: CellPoint)
    /// Switch between the list and the grid.
    case toggleLayout
    /// Scroll the list by a number of rows without a focus jump (mouse wheel).
    case scroll(by: Int)
    /// Scroll one page down.
    case pageDown
    /// Scroll one page up.
    case pageUp
    /// Jump to the first row.
    case jumpToTop
    /// Jump to the last row.
    case jumpToEnd
    /// Open the detail view of the focused photo.
    case openDetail
    /// Close the detail view or the open overlay.
    case back
    /// Quit the viewer.
    case quit
    /// Retry the focused row.
    case retryFocused
    /// Reload every failed row.
    case retryAllFailed
    /// Clear the memory cache.
    case clearMemoryCache
    /// Clear the memory and the disk cache.
    case clearAllCaches
    /// Switch to the next block-art symbol set.
    case cycleSymbols
    /// Switch between block art and the pixels the terminal can show.
    case cycleGraphics
    /// Switch between the shimmer and the spinner placeholder (`P`).
    case cyclePlaceholder
    /// Toggle low-data mode.
    case toggleLowData
    /// Pause or play every animation (`a`).
    case toggleAnimations
    /// The focused photo's info panel (`I`).
    case toggleInfoPanel
    /// Copy the focused photo's path or URL to the clipboard (`y`).
    case copyLocation
    /// Open the focused photo with the desktop's program (`o`).
    case openExternally
    /// Zoom the photo view (`+` `-` `=` `w` `W`, Ctrl + wheel).
    case zoom(DetailZoom.Step)
    /// Develop the photo view's camera RAW file from its sensor data instead of showing its
    /// embedded preview (`E`); Esc or another photo shows previews again.
    case developRaw
    /// Move a zoomed photo by a share of the view across and down (h j k l, H J K L, the wheel).
    case pan(dx: Double, dy: Double)
    /// A press in the photo view: a drag may follow.
    case dragStart(CellPoint)
    /// The mouse moved with the button held.
    case dragTo(CellPoint)
    /// Type a filter at the bottom line (`/`).
    case startFilter
    /// The next match of the filter, or the previous (`n`, `N` while a filter holds).
    case nextMatch(Int)
    /// Pick the sort with the next key (`O`).
    case chooseSort
    /// Start or stop the slideshow in the detail view (`S`).
    case toggleSlideshow
    /// Mark or unmark the focused photo, then move on (`t`).
    case toggleMark
    /// Mark the unmarked photos and unmark the marked (`T`).
    case invertMarks
    /// Save the focused web photo's full-size original to the download folder (`s`).
    case saveOriginal
    /// Move the focused photo's file to the Trash, after asking (`D`).
    case trashFocused
    /// Take back the newest of the last decisions and the last Trash move (`z`).
    case undo
    /// A culling decision for the focused photo, or the marked ones (`0`–`9`, `p`, `x`, `u`).
    case decide(DecisionEdit)
    /// The next culling filter: all, picks, not rejected, rejects (`F`).
    case cycleDecisionFilter
    /// Move every rejected photo to the Trash, after asking (`X`).
    case trashRejected
    /// Compare two photos side by side, or go back to one (`V`).
    case toggleCompare
    /// Show or hide the event log.
    case toggleEventLog
    /// Show or hide the network panel.
    case toggleNetworkPanel
    /// Show or hide the help overlay.
    case toggleHelp
    /// Redraw everything (Ctrl-L).
    case redraw
    /// Give the terminal back and stop (Ctrl-Z, SIGTSTP).
    case suspend
    /// The terminal was resized: lay out again.
    case relayout(CellSize)
    /// A signal asked the viewer to stop.
    case terminate(TerminationSignal)
}

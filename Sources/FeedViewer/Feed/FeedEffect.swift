public import FeedSources
public import FoundationEssentials
public import ImageLoading
public import Sidecars
public import SystemPackage
public import TerminalScreen
public import Vocabulary

/// Something the update function asks the runtime to do: data, never done by the model itself.
///
/// The runtime runs effects in order and sends their results back as ``FeedMessage``s
/// (a loader's phases, a page, the shaping in force).
public enum FeedEffect: Sendable {
    /// Start a load for a slot, replacing (and cancelling) the slot's earlier one. `lowData`
    /// loads the request's smaller variant when it has one.
    case load(LoadSlot, LoadToken, ImageRequest, lowData: Bool)
    /// Change the priority of a slot's running load.
    case setPriority(LoadSlot, ImageRequest.Priority)
    /// Cancel a slot's load (the pipeline keeps its bytes, so a later load resumes).
    case cancel(LoadSlot)
    /// Forget a slot's loader: its item left the screen with its picture (the memory cache keeps it).
    case release(LoadSlot)
    /// Load a photo beside the detail view's ahead (``LoadSlot/ahead``), at the request its own
    /// detail view will make: its phases come back as `.phase(.ahead, token, …)`. One per photo;
    /// the detail view's two neighbours may load at once.
    case prefetch(PhotoKey, LoadToken, ImageRequest, lowData: Bool)
    /// Cancel the load ahead of a photo.
    case cancelPrefetch(PhotoKey)
    /// Forget the load ahead of a photo: it arrived (the model keeps its picture).
    case releasePrefetch(PhotoKey)
    /// The load ahead of a photo becomes the detail view's (``LoadSlot/detail``, its earlier
    /// load cancelled): it goes on at the request's priority, its phases (the latest first) come
    /// back under `token`. With none running, the request starts as the detail view's load.
    case adopt(PhotoKey, LoadToken, ImageRequest, lowData: Bool)
    /// The detail view's running load becomes the load ahead of its photo (the view moved on,
    /// and the photo it left is a neighbour now): it goes on at a low priority, its phases come
    /// back as `.phase(.ahead, token, …)`. `request` is the one it runs (for the records).
    case keepAhead(PhotoKey, LoadToken, ImageRequest)
    /// Switch every live loader's low-data mode (off: loaders showing a low-data image upgrade it).
    /// Decode the frame at `index` of a photo's animation with the player named by the token
    /// (a new player, from `data` at `frameSize`, when the photo has none under that token).
    case requestAnimationFrame(PhotoKey, LoadToken, index: Int, AnimationData, frameSize: PixelSize)
    /// Stop decoding for a photo's animation, keeping its player and the frames it holds.
    case pauseAnimation(PhotoKey)
    /// Let a photo's animation player go: its decoder, canvas and frames.
    case releaseAnimation(PhotoKey)
    /// Read a photo's file (from the disk cache, the file, or the network) for its metadata.
    case readInfo(PhotoKey, ImageRequest)
    /// Ask the terminal to put the bytes on the clipboard (OSC 52).
    case copyToClipboard([UInt8])
    /// Open a path or URL (its bytes: a path as it is on disk) with the desktop's program
    /// (`xdg-open`), detached; a path only while its name still stands for the identity listed.
    case openExternally([UInt8], expecting: FileIdentity?)
    /// Download (or read from the disk cache) a photo's full-size original and save it as
    /// `name` in `folder` (nil: the user's download folder); the outcome comes back as a notice.
    case saveOriginal(PhotoKey, ImageRequest, name: String, folder: URL?)
    /// Move files to the Trash (the outcome comes back as ``FeedMessage/trashed(_:)``).
    case trash([TrashRequest])
    /// Put trashed files back, each photo's together (a shot's JPEG and RAW, all or none; the
    /// outcome comes back as ``FeedMessage/restored(_:)``).
    case restoreFromTrash([[FreedesktopTrash.TrashedFile]])
    /// Read a photo's decision from its sidecar (or the XMP in the photo; a shot's from the
    /// first of its files' sidecars, `companions` being its RAW); the outcome comes back as
    /// ``FeedMessage/decisionRead(_:_:)``.
    case readDecision(PhotoKey, photo: FilePath, companions: [FilePath])
    /// Write a photo's decision to its sidecar (a shot's to each of its files'), off the key's
    /// path; the outcome comes back as ``FeedMessage/decisionWritten(_:_:_:)``. The photo itself
    /// is never written.
    case writeDecision(PhotoKey, Decision, photo: FilePath, companions: [FilePath])
    /// Ask the feed for its next page.
    case loadPage
    /// Empty the memory cache.
    case clearMemoryCache
    /// Forget the memory cache's images of a file that changed on disk (its reload reads it again).
    case forgetImages(URL)
    /// Empty the memory and the disk cache.
    case clearAllCaches
    /// Measure the caches (the answer comes back as ``FeedMessage/cachesMeasured(_:)``).
    case measureCaches
    /// Change the embedded server's shaping.
    case setShaping(ShapingKnobs)
    /// Write every cell again on the next frame (Ctrl-L).
    case repaint
    /// Give the terminal back and stop until the shell continues the process (Ctrl-Z), then
    /// draw everything again.
    case suspend
    /// Stop the viewer.
    case quit(FeedExit)
}

/// How the viewer ended.
public enum FeedExit: Hashable, Sendable {
    /// The user quit.
    case quit
    /// A signal asked the viewer to stop.
    case signal(TerminationSignal)
    /// Every visible item settled (snapshot mode), or the wait ran out.
    case settled
    /// The feed could not start: the one-line reason.
    case failed(String)
}

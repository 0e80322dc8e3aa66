import TerminalScreen
import Vocabulary
import FeedSources
import FoundationEssentials
import FoundationExtras
import ImageCodecs
import ImageLoading
import Synchronization

/// The effects that run as tasks off the runtime: each posts its outcome back as a message.
extension FeedRuntime {
    /// Downloads (or reads from the disk cache) a photo's original and saves it as `name` in
    /// `folder`; the row shows how far it has come, a message per percent at most.
    func saveOriginal(_ key: PhotoKey, request: ImageRequest, name: String, folder: URL?) {
        let (pipeline, mailbox) = (self.pipeline, self.mailbox)
        work.append(Task.detached {
            let text: String
            do {
                let reported = Mutex(-1)
                let bytes = try await pipeline.data(for: request) { progress in
                    let percent = progress.total.map { $0 > 0 ? progress.completed * 100 / $0 : 0 } ?? progress.completed >> 16
                    let isNew = reported.withLock { last in
                        defer { last = percent }
                        return last != percent
                    }
                    if isNew { mailbox.post(.message(.saveProgress(key, progress))) }
                }
                let saved = try PhotoSaver.save(bytes, named: name, into: folder ?? PhotoSaver.downloadFolder())
                text = "saved \(saved.path) (\(ByteCountFormat.string(Int64(bytes.count))))"
            } catch {
                text = error is PhotoSaver.Failure ? "\(error)" : "could not save \(name): \(ErrorText.describe(error))"
            }
            mailbox.post(.message(.saved(key, text)))
        })
    }

    /// Moves files to the Trash; a file's thumbnails go with it (the thumbnail standard). A
    /// shot's files (a JPEG and its RAW) go all or none, each checked right before as it was
    /// listed.
    func trash(_ requests: [TrashRequest]) {
        let (trash, pipeline, mailbox) = (self.trash, self.pipeline, self.mailbox)
        work.append(Task.detached {
            var outcome = TrashOutcome(moved: [], failures: [])
            for request in requests {
                do {
                    guard !request.companions.isEmpty else {
                        let file = try trash.trash(
                            request.name, inFolder: request.folder, expecting: request.identity,
                            folderIdentity: request.folderIdentity)
                        pipeline.forgetThumbnails(of: request.url)
                        outcome.moved.append((request.key, file))
                        continue
                    }
                    let shown = FreedesktopTrash.ShotFile(name: request.name, identity: request.identity)
                    let files = try trash.trash(
                        [shown] + request.companions, inFolder: request.folder, folderIdentity: request.folderIdentity)
                    pipeline.forgetThumbnails(of: request.url)
                    for companion in files.dropFirst() { pipeline.forgetThumbnails(of: companion.original) }
                    outcome.moved.append((request.key, files[0]))
                    outcome.companions[request.key] = Array(files.dropFirst())
                } catch {
                    outcome.failures.append("\(error)")
                }
            }
            mailbox.post(.message(.trashed(outcome)))
        })
    }

    /// Puts trashed files back: each photo's together (a shot's files all or none).
    func restore(_ photos: [[FreedesktopTrash.TrashedFile]]) {
        let (trash, mailbox) = (self.trash, self.mailbox)
        work.append(Task.detached {
            var outcome = TrashOutcome(moved: [], failures: [])
            for files in photos {
                guard let file = files.first else { continue }
                do {
                    if files.count > 1 { try trash.restore(shot: files) } else { try trash.restore(file) }
                    outcome.moved.append((PhotoKey(id: file.shownName), file))
                } catch {
                    outcome.failures.append("\(error)")
                }
            }
            mailbox.post(.message(.restored(outcome)))
        })
    }

    /// Opens a path or URL with the desktop's program, detached; a failure comes back as a notice.
    func openExternally(_ location: [UInt8], expecting identity: FileIdentity?) {
        let mailbox = self.mailbox
        work.append(Task.detached {
            if let failure = ExternalOpener.open(location, expecting: identity) { mailbox.post(.message(.notice(failure))) }
        })
    }

    /// Reads a photo's metadata.
    func readInfo(_ key: PhotoKey, request: ImageRequest) {
        let (pipeline, mailbox) = (self.pipeline, self.mailbox)
        work.append(Task {
            let result: Result<PhotoMetadata, any Error>
            do {
                result = .success(try await pipeline.metadata(for: request))
            } catch {
                result = .failure(error)
            }
            mailbox.post(.message(.infoRead(key, result)))
        })
    }

    /// Asks the feed for its next step: a page, or how far its listing has come.
    func loadPage() {
        let (feed, mailbox) = (self.feed, self.mailbox)
        work.append(Task {
            do {
                switch try await feed.nextStep() {
                case .page(let photos):
                    let page = FeedPage(photos: photos, summary: await feed.summary, hasMore: await feed.hasMore)
                    mailbox.post(.message(.page(.success(page))))
                case .listing(let progress):
                    mailbox.post(.message(.listing(progress)))
                }
            } catch {
                mailbox.post(.message(.page(.failure(error))))
            }
        })
    }
}

/// What the subscribers of a shared job want done with its result, merged as they join.
struct JobOptions: Sendable, Hashable {
    /// Look in the disk cache first (decided by the job's first subscriber).
    var readsDisk = false
    /// Store the original bytes in the disk cache (any subscriber asking is enough).
    var writesDisk = false
    /// Store the processed image in the memory cache (any subscriber asking is enough).
    var writesMemory = false

    init(readsDisk: Bool = false, writesDisk: Bool = false, writesMemory: Bool = false) {
        self.readsDisk = readsDisk
        self.writesDisk = writesDisk
        self.writesMemory = writesMemory
    }

    init(policy: ImageRequest.CachePolicy) {
        self.init(readsDisk: policy.usesDisk, writesDisk: policy.usesDisk, writesMemory: policy.usesMemory)
    }

    mutating func merge(_ other: JobOptions) {
        writesDisk = writesDisk || other.writesDisk
        writesMemory = writesMemory || other.writesMemory
    }
}

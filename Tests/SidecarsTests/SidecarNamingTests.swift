import Testing

@testable import Sidecars

@Suite("Which sidecar belongs to a photo")
struct SidecarNamingTests {
    @Test("darktable's NAME.EXT.xmp and everyone else's NAME.xmp are both found, in any case")
    func bothConventions() {
        #expect(SidecarNaming.existing(for: "IMG_1.CR2", among: ["IMG_1.CR2.xmp"]) == "IMG_1.CR2.xmp")
        #expect(SidecarNaming.existing(for: "IMG_1.CR2", among: ["IMG_1.CR2.XMP"]) == "IMG_1.CR2.XMP")
        #expect(SidecarNaming.existing(for: "IMG_1.CR2", among: ["IMG_1.xmp"]) == "IMG_1.xmp")
        #expect(SidecarNaming.existing(for: "IMG_1.CR2", among: ["IMG_1.Xmp"]) == "IMG_1.Xmp")
        #expect(SidecarNaming.existing(for: "IMG_1.CR2", among: ["img_1.xmp", "IMG_10.xmp", "IMG_1.JPG.xmp"]) == nil)
    }

    @Test("when both exist, the one naming this very file wins")
    func bothExist() {
        // Given a RAW+JPEG pair with a shared NAME.xmp and darktable's own for each file
        let names = ["IMG_1.xmp", "IMG_1.CR2.xmp", "IMG_1.JPG.xmp"]
        // Then each file reads its own
        #expect(SidecarNaming.existing(for: "IMG_1.CR2", among: names) == "IMG_1.CR2.xmp")
        #expect(SidecarNaming.existing(for: "IMG_1.JPG", among: names.reversed()) == "IMG_1.JPG.xmp")
        // And of two spellings, the lowercase one
        #expect(SidecarNaming.existing(for: "IMG_1.CR2", among: ["IMG_1.CR2.XMP", "IMG_1.CR2.xmp"]) == "IMG_1.CR2.xmp")
    }

    @Test("a new sidecar follows the setting")
    func newNames() {
        #expect(SidecarNaming.nameWithExtension.newName(for: "DSC_0042.NEF") == "DSC_0042.NEF.xmp")
        #expect(SidecarNaming.nameOnly.newName(for: "DSC_0042.NEF") == "DSC_0042.xmp")
        #expect(SidecarNaming.nameOnly.newName(for: "README") == "README.xmp")
        #expect(SidecarNaming.stem(of: ".hidden") == ".hidden")
        #expect(SidecarNaming.isSidecar("a.XMP") && !SidecarNaming.isSidecar(".xmp") && !SidecarNaming.isSidecar("a.jpg"))
    }
}

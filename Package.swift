// swift-tools-version: 6.0
import PackageDescription

/// Debian 12 ships MuPDF 1.21 as static archives only, and its `mupdf.pc` is stale, so the
/// archives MuPDF needs are listed here explicitly, in link order.
let mupdfLinkage: [LinkerSetting] =
    [
        "mupdf", "mupdf-third", "mujs", "gumbo", "openjp2", "jbig2dec", "jpeg", "harfbuzz", "freetype",
        "png16", "z", "m",
    ].map { .linkedLibrary($0) } + [.unsafeFlags(["-L/usr/lib"])]

let package = Package(
    name: "Folio",
    products: [
        .executable(name: "folio", targets: ["folio"])
    ],
    targets: [
        .target(
            name: "CMuPDF",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Wno-unused-parameter"])],
            linkerSettings: mupdfLinkage
        ),
        .systemLibrary(name: "CNcursesw"),
        .target(name: "FolioCore"),
        .target(name: "CFolioSystem", cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]),
        .target(name: "FolioSystem", dependencies: ["CFolioSystem"]),
        .target(name: "FolioDocument", dependencies: ["CMuPDF", "FolioCore"]),
        .target(name: "FolioTerminal", dependencies: ["CNcursesw", "FolioCore", "FolioGraphics", "FolioSystem"]),
        .target(name: "FolioGraphics", dependencies: ["FolioCore"]),
        .target(name: "FolioCommandLine", dependencies: ["FolioCore"]),
        .target(name: "FolioState", dependencies: ["FolioCore", "FolioSystem"]),
        .target(name: "FolioConfiguration", dependencies: ["FolioCore"]),
        .target(
            name: "FolioApp",
            dependencies: [
                "FolioCommandLine", "FolioConfiguration", "FolioCore", "FolioDocument", "FolioGraphics", "FolioState",
                "FolioSystem", "FolioTerminal",
            ]
        ),
        .executableTarget(
            name: "folio",
            dependencies: [
                "FolioApp", "FolioCommandLine", "FolioConfiguration", "FolioCore", "FolioState", "FolioTerminal",
            ]
        ),
        .target(name: "FolioTestSupport", dependencies: ["FolioCore"], path: "Tests/FolioTestSupport"),
        .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore", "FolioTestSupport"]),
        .testTarget(name: "FolioDocumentTests", dependencies: ["FolioDocument", "FolioTestSupport"]),
        .testTarget(
            name: "FolioTerminalTests",
            dependencies: ["FolioDocument", "FolioGraphics", "FolioTerminal", "FolioTestSupport"]),
        .testTarget(name: "FolioGraphicsTests", dependencies: ["FolioCore", "FolioGraphics", "FolioTestSupport"]),
        .testTarget(name: "FolioCommandLineTests", dependencies: ["FolioCommandLine", "FolioTestSupport"]),
        .testTarget(name: "FolioSystemTests", dependencies: ["FolioSystem"]),
        .testTarget(name: "FolioStateTests", dependencies: ["FolioState", "FolioTestSupport"]),
        .testTarget(name: "FolioConfigurationTests", dependencies: ["FolioConfiguration", "FolioTestSupport"]),
        .testTarget(
            name: "FolioAppTests",
            dependencies: [
                "FolioApp", "FolioConfiguration", "FolioDocument", "FolioGraphics", "FolioState", "FolioTerminal",
                "FolioTestSupport",
            ]
        ),
        .testTarget(name: "CLITests", dependencies: ["FolioTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["FolioTestSupport"]),
    ]
)

// One loop applies the strict settings to every Swift target (as swift-log does).
for target in package.targets where target.type != .system && !["CMuPDF", "CFolioSystem"].contains(target.name) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}

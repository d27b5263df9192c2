// swift-tools-version: 6.0
import PackageDescription

/// Debian 12 ships MuPDF 1.21 as static archives only, and its `mupdf.pc` is stale, so the
/// archives MuPDF needs are listed here explicitly, in link order.
let mupdfLinkage: [LinkerSetting] =
    [
        "mupdf", "mupdf-third", "mujs", "gumbo", "openjp2", "jbig2dec", "jpeg", "harfbuzz", "freetype",
        "png16", "z", "m",
    ].map { .linkedLibrary($0) } + [.unsafeFlags(["-L/usr/lib"])]

/// libsynctex (Debian's libsynctex-dev) from its static archive, so the binary does not depend on
/// libsynctex2 being installed beside TeX Live's own copy; the archive is position-independent and
/// reads `.synctex.gz` through zlib, which is linked as a shared library.
let synctexLinkage: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-l:libsynctex.a"]), .linkedLibrary("z")]

/// A crash's backtrace (`CCrashLog`) names functions through the dynamic symbol table, which
/// holds an executable's own functions only when it is linked with `--export-dynamic`.
let namedBacktraces: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--export-dynamic"])]

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
        .target(
            name: "CSyncTeX", cSettings: [.unsafeFlags(["-Wall", "-Wextra"])], linkerSettings: synctexLinkage),
        .target(name: "CCrashLog", cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]),
        .systemLibrary(name: "CNcursesw"),
        .target(name: "FolioCore"),
        .target(name: "CFolioSystem", cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]),
        .target(name: "FolioSystem", dependencies: ["CFolioSystem", "FolioCore"]),
        .target(name: "FolioDocument", dependencies: ["CCrashLog", "CMuPDF", "FolioCore"]),
        .target(
            name: "FolioTerminal",
            dependencies: ["CCrashLog", "CNcursesw", "FolioCore", "FolioGraphics", "FolioSystem"]),
        .target(name: "FolioGraphics", dependencies: ["FolioCore"]),
        .target(name: "FolioSyncTeX", dependencies: ["CSyncTeX", "FolioCore"]),
        .target(name: "FolioCommandLine", dependencies: ["FolioCore"]),
        .target(name: "FolioState", dependencies: ["FolioCore", "FolioSystem"]),
        .target(name: "FolioConfiguration", dependencies: ["FolioCore"]),
        .target(
            name: "FolioApp",
            dependencies: [
                "FolioCommandLine", "FolioConfiguration", "FolioCore", "FolioDocument", "FolioGraphics", "FolioState",
                "FolioSyncTeX", "FolioSystem", "FolioTerminal",
            ]
        ),
        .executableTarget(
            name: "folio",
            dependencies: [
                "FolioApp", "FolioCommandLine", "FolioConfiguration", "FolioCore", "FolioState", "FolioTerminal",
            ],
            linkerSettings: namedBacktraces
        ),
        .target(name: "FolioTestSupport", dependencies: ["FolioCore"], path: "Tests/FolioTestSupport"),
        .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore", "FolioTestSupport"]),
        .testTarget(name: "FolioDocumentTests", dependencies: ["FolioDocument", "FolioTestSupport"]),
        .testTarget(
            name: "FolioTerminalTests",
            dependencies: ["FolioDocument", "FolioGraphics", "FolioTerminal", "FolioTestSupport"],
            linkerSettings: namedBacktraces),
        .testTarget(name: "FolioSyncTeXTests", dependencies: ["FolioSyncTeX", "FolioTestSupport"]),
        .testTarget(name: "FolioGraphicsTests", dependencies: ["FolioCore", "FolioGraphics", "FolioTestSupport"]),
        .testTarget(name: "FolioCommandLineTests", dependencies: ["FolioCommandLine", "FolioTestSupport"]),
        .testTarget(name: "FolioSystemTests", dependencies: ["FolioCore", "FolioSystem", "FolioTestSupport"]),
        .testTarget(name: "FolioStateTests", dependencies: ["FolioState", "FolioTestSupport"]),
        .testTarget(name: "FolioConfigurationTests", dependencies: ["FolioConfiguration", "FolioTestSupport"]),
        .testTarget(
            name: "FolioAppTests",
            dependencies: [
                "FolioApp", "FolioCommandLine", "FolioConfiguration", "FolioDocument", "FolioGraphics", "FolioState",
                "FolioTerminal",
                "FolioTestSupport",
            ]
        ),
        .testTarget(name: "CLITests", dependencies: ["FolioTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["FolioTestSupport"]),
    ]
)

// One loop applies the strict settings to every Swift target (as swift-log does).
for target in package.targets
where target.type != .system && !["CMuPDF", "CCrashLog", "CFolioSystem", "CSyncTeX"].contains(target.name) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}

/// Whether the terminal can show page images, and how (for the status line).
public enum ImageAvailability: Sendable, Equatable {
    /// Images are drawn; `label` names the method on the status line ("image", "image ▀").
    case available(label: String)
    /// No image view; `reason` says why (shown when the user presses Tab).
    case unavailable(reason: String)
}

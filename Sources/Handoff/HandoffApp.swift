/// An app registered with the coordinator: its manifest and hooks. Activities are made for an app.
public final class HandoffApp {
    public let manifest: AppManifest
    weak var hooks: (any HandoffAppHooks)?
    weak var coordinator: HandoffCoordinator?

    init(manifest: AppManifest, hooks: any HandoffAppHooks, coordinator: HandoffCoordinator) {
        self.manifest = manifest
        self.hooks = hooks
        self.coordinator = coordinator
    }
}

import ArgumentParser
import GalleyRender

extension RenderOptions.Gradient.Kind: ExpressibleByArgument {}
extension RenderOptions.Outline.Join: ExpressibleByArgument {}
extension RenderOptions.Outline.Mode: ExpressibleByArgument {}
extension ImageFormat: ExpressibleByArgument {}
extension PNGCompression: ExpressibleByArgument {}

// `RenderOptions` and `Bitmap` speak in GalleyStyle's `TextColor`, so `import GalleyRender`
// brings it in too.
@_exported import GalleyStyle

//! What the plot backends that wrap a plotters backend share: the drawing they hand on to it.
//!
//! The PNG plots (`spraylab repro`) and the web charts each wrap a plotters backend to draw or
//! measure text their own way; everything else goes to the wrapped backend, unchanged.

/// Inside an `impl DrawingBackend for W`, where `W` has an `inner` backend: size, preparation,
/// presentation, pixels, lines and rectangles, handed to `self.inner`. The expanding crate
/// depends on `plotters-backend`.
#[macro_export]
macro_rules! delegate_basic_drawing {
    () => {
        fn get_size(&self) -> (u32, u32) {
            self.inner.get_size()
        }

        $crate::delegate_basic_drawing!(without_size);
    };
    // for a wrapper that answers `get_size` itself
    (without_size) => {
        fn ensure_prepared(
            &mut self,
        ) -> Result<(), plotters_backend::DrawingErrorKind<Self::ErrorType>> {
            self.inner.ensure_prepared()
        }

        fn present(&mut self) -> Result<(), plotters_backend::DrawingErrorKind<Self::ErrorType>> {
            self.inner.present()
        }

        fn draw_pixel(
            &mut self,
            point: plotters_backend::BackendCoord,
            color: plotters_backend::BackendColor,
        ) -> Result<(), plotters_backend::DrawingErrorKind<Self::ErrorType>> {
            self.inner.draw_pixel(point, color)
        }

        fn draw_line<S: plotters_backend::BackendStyle>(
            &mut self,
            from: plotters_backend::BackendCoord,
            to: plotters_backend::BackendCoord,
            style: &S,
        ) -> Result<(), plotters_backend::DrawingErrorKind<Self::ErrorType>> {
            self.inner.draw_line(from, to, style)
        }

        fn draw_rect<S: plotters_backend::BackendStyle>(
            &mut self,
            upper_left: plotters_backend::BackendCoord,
            bottom_right: plotters_backend::BackendCoord,
            style: &S,
            fill: bool,
        ) -> Result<(), plotters_backend::DrawingErrorKind<Self::ErrorType>> {
            self.inner.draw_rect(upper_left, bottom_right, style, fill)
        }
    };
}

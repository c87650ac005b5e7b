"""The course server: Voilà with the course's routes, and its prepared kernels."""

"""Views of the engine: pure functions from engine objects to text, rich renderables and HTML.

``text`` holds the bilingual labels and plain-text forms, ``rich`` the terminal renderables,
``html`` the notebook markup. Nothing is imported here, so the core reaches each renderer lazily
(``State.__rich__`` imports ``canasta.render.rich`` only when rich asks for it).
"""

"""Framework glue: ``adapters.langchain`` and ``adapters.llama_index``.

Each adapter wraps an injected :class:`~recall_memory_plugins.TemporalGraphMemory`; its hooks
convert the framework's types, call one engine method and return. Importing this package imports
no framework; importing a framework's subpackage without it installed raises
:class:`~recall_memory_plugins.errors.MissingDependencyError` naming the extra to install.
"""

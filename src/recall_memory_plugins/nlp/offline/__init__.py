"""The offline default annotator: English and Chinese without downloads.

Everything :class:`OfflineAnnotator` needs ships inside wheels of the base install:

* English part-of-speech tags come from the Brill lexicon and rules that TextBlob vendors from
  *pattern* (``textblob/en/en-*.txt``). The files are read directly, which keeps tokenisation under
  our control and avoids importing NLTK. The contextual rules are indexed by tag, which gives the
  same result as pattern's ``Context.apply`` scan, much faster.
* Chinese words and tags come from jieba's dictionary and part-of-speech HMM on a private
  ``jieba.Tokenizer`` (never jieba's global one), through a faster port of ``posseg``'s cut.
* Lemmas, upos, sentence splitting and entity spans (BIOES, Stanza-style types) come from small
  rules in this package and the word lists in ``nlp/data``.

The output uses the same fields as Stanza (see :mod:`recall_memory_plugins.nlp.base`); there is no
dependency parse, so ``head`` is -1 and ``deprel`` is empty. Offsets are exact character offsets
into the annotated text.

Modules, in pipeline order: :mod:`.scripts` (Han characters, language), :mod:`.sentences`
(sentence splitting), :mod:`.tokens` (tokenisation), :mod:`.resources` (lexicons, loaded lazily)
with :mod:`.jieba_pos` (Chinese segmentation and tags), :mod:`.chinese` (merging and Chinese
entities), :mod:`.english` (Penn tags and UPOS), :mod:`.lemmas`, :mod:`.cues` and
:mod:`.entities` (English entity spans) and :mod:`.annotator` (:class:`OfflineAnnotator`).
"""

from __future__ import annotations

from .annotator import OfflineAnnotator
from .resources import _chinese as _chinese  # the tests reach the shared Chinese resources
from .resources import _english as _english
from .scripts import detect_language
from .sentences import split_sentences

__all__ = ["OfflineAnnotator", "detect_language", "split_sentences"]

"""Synthetic chat-like statements for the speed suite (deterministic for a seed).

Sentences come from 50 templates over a large vocabulary (134 first names and ~11.7k full names,
97 cities × 26 venues, 53 objects × 20 adjectives, 31 activities, 30 topics, 26 foods, pets, dates). Slot values are drawn from a Zipf-like distribution,
so a few names and places are hubs and most are rare: the concept graph gets the heavy-tailed
degree distribution of real chat logs instead of a uniform one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

FIRST = """
Aiden Alice Amara Amelia Andre Anika Arjun Aria Ava Beatriz Ben Bianca Caleb Camila Carlos Chen
Chloe Daniel Daria Dev Diego Elena Eli Emma Ethan Farah Felix Fatima Gabriel Grace Hana Hugo Ines
Isaac Isla Ivan Jada Jamal Jasper Jin Joao Jonah Julia Kai Kenji Khalid Kira Lara Leo Lena Liam
Lina Lucas Luna Maya Malik Marco Mateo Mei Mila Mohammed Nadia Naomi Nia Nico Noah Nora Olga Omar
Oscar Priya Quinn Rafael Rania Ravi Rosa Ruby Sam Sara Sasha Sebastian Sofia Tariq Tessa Theo Tomas
Uma Valentina Victor Wei Yara Yusuf Zara Zoe Aaliyah Bruno Cyrus Dalia Emil Freya Gideon Hector
Ingrid Jorge Keiko Lorenzo Mirela Nasser Odette Pavel Rohan Selin Tobias Ulla Vera Wanda Xavier
Yosef Zuri Anton Bodhi Cleo Dmitri Esme Fabio Greta Hiro Imani Jonas Kofi Leila Milo Nell Orla
""".split()
LAST = """
Smith Chen Garcia Okafor Nguyen Kowalski Haddad Silva Tanaka Novak Ivanova Patel Schmidt Rossi
Johansson Dubois Moreau Kim Park Mensah Costa Ali Hussein Yilmaz Fischer Murphy Kelly Lopez Reyes
Cruz Bauer Horvat Petrov Sato Suzuki Wang Zhang Liu Singh Sharma Kaur Osei Adeyemi Bakker Jansen
Larsen Nielsen Popescu Dimitrov Santos Ferreira Castillo Vargas Romero Lindqvist Virtanen Keller
Brennan Walsh Abbott Hale Rowe Sinclair Whitaker Thornton Delgado Mbeki Tran Pham Ueda Mori Aziz
Karimi Rahman Farouk Lund Berg Strand Koval Marsh Quint Ortega Navarro Ibarra Duarte Acosta Weiss
""".split()
PLACES = """
Lisbon Denver Osaka Nairobi Toronto Berlin Madrid Seoul Austin Oslo Prague Dublin Lagos Lima Hanoi
Krakow Porto Zurich Seattle Boston Chicago Montreal Vancouver Melbourne Auckland Cairo Marrakesh
Istanbul Athens Vienna Budapest Warsaw Copenhagen Stockholm Helsinki Reykjavik Edinburgh Glasgow
Manchester Bristol Lyon Marseille Naples Florence Venice Munich Hamburg Cologne Antwerp Rotterdam
Brussels Geneva Bogota Quito Santiago Havana Mumbai Delhi Bangalore Chennai Kathmandu Bangkok
Manila Jakarta Singapore Taipei Kyoto Sapporo Shanghai Beijing Chengdu Shenzhen Perth Brisbane
Adelaide Hobart Tucson Phoenix Portland Sacramento Nashville Memphis Atlanta Miami Orlando Houston
Dallas Detroit Cleveland Pittsburgh Baltimore Richmond Savannah Charleston Albuquerque Boise Omaha
""".split()
VENUES = """
café bakery library gym park museum market cinema theater stadium beach harbor gallery studio
office campus hospital clinic station airport bookstore brewery pizzeria diner garden lake trail
""".split()
OBJECTS = """
bike laptop camera guitar piano violin drone kayak tent backpack telescope printer keyboard monitor
phone tablet watch jacket sweater scarf umbrella lamp couch desk bookshelf rug plant cactus bonsai
aquarium skateboard snowboard surfboard helmet notebook sketchbook easel canvas paintbrush loom
kettle blender toaster espresso machine grill smoker wok cookbook novel puzzle chessboard frisbee
""".split()
ADJ = """
new old vintage tiny huge red blue green wooden electric handmade secondhand shiny broken cheap
expensive lightweight waterproof foldable portable
""".split()
FOODS = """
ramen sushi tacos pasta risotto curry dumplings pho falafel paella pancakes waffles bagels croissants
burritos noodles dim-sum lasagna gnocchi kimchi bibimbap tapas samosas empanadas ceviche goulash
""".split()
ACTIVITIES = """
hiking climbing swimming cycling running yoga pottery painting knitting baking gardening birdwatching
woodworking photography surfing skiing rowing fencing archery dancing singing drumming chess coding
calligraphy origami sailing fishing camping volunteering journaling
""".split()
TOPICS = """
astronomy history economics biology chemistry philosophy psychology architecture robotics poetry
jazz opera sculpture linguistics geology ecology climate nutrition mythology typography cinema
mathematics sociology archaeology oceanography meteorology genetics neuroscience urbanism design
""".split()
PETS = "dog cat puppy kitten parrot rabbit hamster turtle ferret goldfish".split()
PET_NAMES = """
Biscuit Pepper Mochi Luna Oreo Ziggy Nala Simba Coco Waffles Pickles Maple Ginger Olive Ace Bruno
""".split()
MONTHS = """January February March April May June July August September October November December""".split()
WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()

TEMPLATES = (
    "{p1} just got back from {place} and loved the {venue} there.",
    "I met {p1} at the {venue} in {place} on {weekday}.",
    "{p1} bought a {adj} {obj} for {p2}'s birthday.",
    "{p1} and {p2} went {activity} near {place} last weekend.",
    "{p1} is learning {activity} and practices every {weekday}.",
    "{p1} told me the {obj} from {place} broke again.",
    "We had {food} with {p1} at a small {venue} in {place}.",
    "{p1} recommended a documentary about {topic}.",
    "{p1} adopted a {pet} named {petname}.",
    "My {obj} is still at {p1}'s place in {place}.",
    "{p1} is giving a talk on {topic} at the {venue} in {month}.",
    "{p1} wants to visit {place} with {p2} in {month}.",
    "Did you know {p1} wrote a blog post about {topic} and {activity}?",
    "{p1} sold the {adj} {obj} and bought a {obj2} instead.",
    "{p2} lent {p1} a {obj} for the trip to {place}.",
    "The {venue} near {p1}'s flat in {place} closes early on {weekday}.",
    "{p1} cooked {food} for the whole team on {weekday}.",
    "{p1} thinks {topic} is more interesting than {topic2}.",
    "{p1} ran into {p2} at the {venue} yesterday.",
    "{p1} is planning a {activity} trip to {place} in {month}.",
    "{p1} finally finished the {obj} project with {p2}.",
    "{p1} signed up for a {topic} course at the {venue}.",
    "{p1}'s {pet} knocked the {obj} off the table again.",
    "I lost my {obj} somewhere between the {venue} and the station in {place}.",
    "{p1} says the best {food} in {place} is at the {venue} by the river.",
    "{p1} and {p2} are arguing about {topic} again.",
    "{p1} moved the {obj} into the spare room.",
    "{p2} asked {p1} to help with {activity} on {weekday}.",
    "{p1} started a book club about {topic} with {p2} and {p3}.",
    "{p1} found a {adj} {obj} at the flea market in {place}.",
    "We celebrated {p1}'s promotion with {food} and cake.",
    "{p1} will be in {place} from {weekday} until the end of {month}.",
    "{p1} fixed the {obj} with a tutorial about {topic}.",
    "{p1} posted photos of the {venue} in {place}.",
    "{p1} is training for a marathon in {place} with {p2}.",
    "{p3} introduced {p1} to {p2} at the {venue}.",
    "{p1} keeps the {obj} next to the {obj2} in the hallway.",
    "{p1} prefers {food} over {food2} any day.",
    "{p1} volunteered at the {venue} in {place} on {weekday}.",
    "{p1} and I talked about {topic} for hours.",
    "{p1}'s sister lives in {place} and works at a {venue}.",
    "{p1} forgot the {obj} at the {venue} again.",
    "{p1} is saving money for a trip to {place} and a {adj} {obj}.",
    "The {activity} group meets at the {venue} every {weekday}.",
    "{p1} recommended the {food} at the {venue} near the {place} office.",
    "{p1} painted a picture of the {venue} in {place} for {p2}.",
    "{p1} borrowed {p2}'s {obj} and has not returned it.",
    "{p1} wants to switch from {activity} to {activity2} this {month}.",
    "{p1} watched a lecture about {topic} on the train to {place}.",
    "{p1} got a {pet} from the shelter in {place}.",
)

QUESTION_TEMPLATES = (
    "What did {p1} buy?",
    "Where did {p1} go last weekend?",
    "Who adopted a {pet}?",
    "What is {p1} learning?",
    "Who went {activity} near {place}?",
    "What does {p1} think about {topic}?",
    "Where is the {obj}?",
    "Who is planning a trip to {place}?",
    "What happened at the {venue} in {place}?",
    "Who talked about {topic}?",
)


class _Zipf:
    """Draws items with probability proportional to 1 / rank**s (deterministic order)."""

    def __init__(self, items: Sequence[str], s: float = 1.05) -> None:
        import itertools

        self.items = list(items)
        weights = [1.0 / (i + 1) ** s for i in range(len(self.items))]
        self.cum = list(itertools.accumulate(weights))

    def __call__(self, rng: random.Random) -> str:
        import bisect

        x = rng.random() * self.cum[-1]
        return self.items[bisect.bisect_left(self.cum, x)]


class ChatGenerator:
    """Infinite stream of varied chat statements (and matching questions) for a seed."""

    def __init__(self, seed: int = 7) -> None:
        rng = random.Random(seed)
        people = [f"{f} {last}" for f in FIRST for last in LAST]
        rng.shuffle(people)
        # mostly first names (as in chat), a share of full names
        firsts = FIRST[:]
        rng.shuffle(firsts)
        self.people = _Zipf(firsts, 1.0)
        self.full = _Zipf(people, 0.8)
        places = PLACES[:]
        rng.shuffle(places)
        self.places = _Zipf(places, 1.0)
        objs = OBJECTS[:]
        rng.shuffle(objs)
        self.objects = _Zipf(objs, 0.9)
        self.rng = random.Random(seed + 1)
        self.vocab = (len(people) + len(FIRST), len(PLACES), len(OBJECTS) + len(ACTIVITIES),
                      len(TOPICS))

    def _slots(self) -> dict[str, str]:
        r = self.rng

        def person() -> str:
            return self.full(r) if r.random() < 0.3 else self.people(r)

        return {
            "p1": person(), "p2": person(), "p3": person(), "place": self.places(r),
            "venue": r.choice(VENUES), "obj": self.objects(r), "obj2": self.objects(r),
            "adj": r.choice(ADJ), "food": r.choice(FOODS), "food2": r.choice(FOODS),
            "activity": r.choice(ACTIVITIES), "activity2": r.choice(ACTIVITIES),
            "topic": r.choice(TOPICS), "topic2": r.choice(TOPICS), "pet": r.choice(PETS),
            "petname": r.choice(PET_NAMES), "month": r.choice(MONTHS), "weekday": r.choice(WEEKDAYS),
        }

    def statements(self) -> Iterator[str]:
        while True:
            yield self.rng.choice(TEMPLATES).format(**self._slots())

    def take(self, n: int) -> list[str]:
        it = self.statements()
        return [next(it) for _ in range(n)]

    def questions(self, n: int) -> list[str]:
        return [self.rng.choice(QUESTION_TEMPLATES).format(**self._slots()) for _ in range(n)]

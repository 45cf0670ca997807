// The words the benchmark catalog is made of (catalog.mjs): places, subjects, concepts.

const words = (text) => text.split('|');

export const PLACES = words(
  'Northfield|Riverside|Lakeview|Eastbrook|Westmoor|Highland|Greenvale|Stonebridge|Clearwater|Ashford|Maplewood|Silverton|Redcliff|Oakridge|Fairhaven|Brookfield|Kingsport|Sunnydale|Pinecrest|Harborview|Elmstead|Cedar Falls|Rosewood|Ironwood|Bayside|Foxhill|Marlow|Thornbury|Willowbank|Crestwood',
);
export const KINDS = words(
  'University|Institute of Technology|State University|Technical University|College of Engineering',
);
export const BRANCHES = words(
  'Computer Science and Engineering:CSE|Electronics and Communication Engineering:ECE|Electrical Engineering:EE|Mechanical Engineering:ME|Civil Engineering:CE|Information Technology:IT|Chemical Engineering:CHE',
).map((pair) => pair.split(':'));
export const SUBJECT_STEMS = words(
  'Data Structures|Algorithms|Discrete Mathematics|Operating Systems|Database Systems|Computer Networks|Digital Logic|Signals and Systems|Thermodynamics|Fluid Mechanics|Engineering Mathematics|Control Systems|Compiler Design|Machine Learning|Probability and Statistics|Strength of Materials|Electromagnetic Theory|Computer Architecture|Software Engineering|Theory of Computation',
);
export const EDITIONS = words('|II|III|IV|V|VI|VII|VIII');
export const CONCEPTS = words(
  'complexity|invariants|recurrences|boundary conditions|stability|convergence|trade-offs|worst case|amortised cost|correctness|normal forms|scheduling|consistency|throughput|equilibrium|transfer functions|state machines|graphs|hashing|caching|concurrency|sampling|error bounds|optimisation|estimation|feedback|layering|encoding',
);
export const VERBS = words(
  'Explain|Derive|Prove|Compare|Describe|Compute|Design|Analyse|Illustrate|Evaluate',
);
export const FILLER = words(
  'with a suitable example|and state the assumptions made|for the general case|using a diagram|and discuss its limitations|in terms of time and space|for the data given below|step by step',
);
export const TOPIC_WORDS = words(
  'Introduction|Basics|Representations|Operations|Analysis|Applications|Properties|Methods|Models|Case Studies|Techniques|Theory|Design|Implementation',
);
export const EXAM_TYPES = words('end-term|mid-term|supplementary|quiz');
export const QUESTION_TYPES = words('mcq|short|long|numerical|coding');
export const DIFFICULTIES = words('easy|medium|hard');

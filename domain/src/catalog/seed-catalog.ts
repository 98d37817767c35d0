import { itemPackageDecider, packageStreams } from "./item-package";
import { levelDecider, levelStreams } from "./level";
import { type TrailFields, trailDecider, trailStreams } from "./trail";

/**
 * What the catalogue holds at first start: the spec's level groups with the trails teachers follow in
 * class, and the five lesson packs of spec section 9. Level ids are the spec's (the web app and old
 * registrations refer to them), trail ids run from 1 in the order below.
 */

export const seedLevels = [
  { id: 1, name: "Begginer" },
  { id: 2, name: "Intermediário" },
  { id: 3, name: "Intermediário Avançado" },
  { id: 4, name: "Avançado" },
  { id: 5, name: "Preparação para entrevista" },
  { id: 6, name: "Business" },
  { id: 9, name: "Aula Experimental" },
  // Added after the first release, so their trails take the ids after the others' (see `seedCatalogAdditions`).
  { id: 10, name: "Conversação" },
  { id: 8, name: "Inglês para viagens" },
] as const;

/** The groups existing catalogues did not have yet: seeded into them at the next start. */
export const LATER_SEED_LEVELS: readonly number[] = [10, 8];

/** Lessons per pack and price in centavos (spec section 9). */
export const seedPackages = [
  { id: 1, amount: 1, valueCents: 4_700 },
  { id: 2, amount: 4, valueCents: 18_000 },
  { id: 3, amount: 8, valueCents: 34_000 },
  { id: 4, amount: 12, valueCents: 48_000 },
  { id: 5, amount: 24, valueCents: 90_000 },
] as const;

type SeedTrail = Omit<TrailFields, "levelId" | "number">;

const begginer: SeedTrail[] = [
  {
    title: "Greetings and introductions",
    content:
      "Cumprimentos formais e informais (Hi, Hello, Good morning, Nice to meet you), o verbo to be no presente (I am, you are, she is) nas formas afirmativa, negativa e interrogativa, e as perguntas pessoais básicas: What's your name? Where are you from? What do you do? How do you spell that?",
    application:
      "O aluno se apresenta e apresenta outra pessoa (This is my friend Carla, she's a nurse), soletra o próprio nome e e-mail e mantém uma conversa curta de primeiro contato, como em um evento ou no primeiro dia de trabalho.",
    techniques:
      "Warm-up com o professor se apresentando devagar; drilling do alfabeto e das contrações (I'm, you're, she's); role-play em dois cenários (evento e recepção de hotel); o professor anota os erros durante a fala e corrige no fim, sem interromper.",
  },
  {
    title: "Numbers, dates and time",
    content:
      "Números cardinais até 1.000 e ordinais até 31, dias da semana, meses, datas (the 5th of May / May 5th), horas (It's half past seven, at a quarter to nine) e as preposições de tempo in, on e at.",
    application:
      "O aluno diz o telefone, a data de aniversário e a própria agenda da semana, marca um compromisso (Can we meet on Tuesday at 3 pm?) e entende horários e preços ditados pelo professor.",
    techniques:
      "Ditado de números e horários com checagem imediata; pares mínimos de pronúncia (thirteen/thirty, fifteen/fifty); jogo de agenda em que aluno e professor precisam achar um horário livre em comum; revisão rápida de in/on/at com cartões.",
  },
  {
    title: "Daily routine",
    content:
      "Presente simples para hábitos (I wake up at 6, she works from home), o -s da terceira pessoa, do/does em perguntas e negativas, advérbios de frequência (always, usually, sometimes, never) e verbos de rotina (get up, have breakfast, commute, go to bed).",
    application:
      "O aluno descreve um dia típico de semana e de fim de semana, pergunta sobre a rotina do professor e compara os dois hábitos usando but e and.",
    techniques:
      "Linha do tempo do dia desenhada na tela compartilhada; perguntas encadeadas (What time do you…? And then?); foco na pronúncia do -s final (works, watches, goes); atividade de descobrir três diferenças entre as rotinas.",
  },
  {
    title: "Family, home and possessions",
    content:
      "Vocabulário de família e de cômodos da casa, have/has got, possessivos (my, your, his, her, our, their) e o genitivo 's (my sister's car), there is / there are com some e any.",
    application:
      "O aluno apresenta a família a partir de uma foto, descreve a casa ou o apartamento onde mora e pergunta sobre a família e a casa do professor.",
    techniques:
      "Árvore genealógica montada na conversa; descrição de imagem com there is/there are; correção focada na confusão his/her, comum em falantes de português; perguntas de seguimento para estender cada resposta.",
  },
  {
    title: "Ordering food and shopping",
    content:
      "Pedidos educados (Can I have…? I'd like…), substantivos contáveis e incontáveis, some/any, how much/how many, preços, tamanhos e cores, e frases de restaurante e loja (Can I get the bill, please? Do you have this in a medium?).",
    application:
      "O aluno pede uma refeição completa em um restaurante, resolve um pedido errado e compra uma roupa perguntando tamanho, cor e preço.",
    techniques:
      "Role-play com cardápio e vitrine reais abertos na tela; o professor alterna entre garçom simpático e garçom apressado para o aluno se adaptar; revisão do vocabulário novo em cartões no fim da aula.",
  },
];

const intermediate: SeedTrail[] = [
  {
    title: "Talking about the past",
    content:
      "Passado simples de verbos regulares e irregulares mais usados, did em perguntas e negativas, marcadores de tempo (yesterday, last week, two years ago) e a pronúncia do -ed (/t/, /d/, /ɪd/).",
    application:
      "O aluno conta como foi o fim de semana, a última viagem ou um dia marcante, e faz perguntas para manter a conversa (What did you do next? How was it?).",
    techniques:
      "Storytelling com fotos do próprio aluno; tabela de verbos irregulares trabalhada aos poucos, não decorada; atenção à pronúncia do -ed (worked, played, wanted); reformulação (recast) dos erros em vez de correção direta.",
  },
  {
    title: "Plans and predictions",
    content:
      "Futuro com going to (planos e evidências), will (decisões na hora, promessas e previsões) e presente contínuo para compromissos marcados; expressões como I'm thinking of… e I'd like to….",
    application:
      "O aluno fala dos planos para as férias e para a carreira, faz previsões sobre tecnologia e combina um compromisso com o professor.",
    techniques:
      "Linha do tempo contrastando as três formas; quiz rápido de escolha da forma com justificativa; mini-debate de previsões (In 2035, people will…); feedback focado no uso, não na regra.",
  },
  {
    title: "Experiences",
    content:
      "Present perfect para experiências (Have you ever…? I've never…), contraste com o passado simples quando há um tempo definido, e os advérbios ever, never, already, yet e just.",
    application:
      "O aluno troca experiências de viagens, comidas e trabalho, passando naturalmente do present perfect (Have you ever been to Chile?) ao passado simples (Yes, I went there in 2019).",
    techniques:
      "Jogo Find someone who… adaptado para aula individual; perguntas de seguimento obrigatórias; quadro de contraste present perfect × past simple construído com as frases do próprio aluno.",
  },
  {
    title: "Comparing and choosing",
    content:
      "Comparativos e superlativos (cheaper, more comfortable, the best), as… as, not as… as, too e enough, e vocabulário de viagem e hospedagem.",
    application:
      "O aluno compara cidades, hotéis ou celulares e justifica uma escolha (I'd rather stay in Lisbon because it's cheaper and not as crowded as Paris).",
    techniques:
      "Tarefa com dados reais (dois anúncios de hotel na tela); o aluno decide e defende a escolha; o professor faz o papel do amigo que discorda; correção da forma more + adjetivo curto (more cheap).",
  },
  {
    title: "Giving advice and making suggestions",
    content:
      "Modais should, shouldn't, ought to, have to, must e don't have to, e sugestões com Why don't you…?, How about…? e You could….",
    application:
      "O aluno aconselha alguém em situações do dia a dia (saúde, estudo, trabalho) e pede conselhos sobre um problema real seu.",
    techniques:
      "Cartões de problemas em formato de carta para uma coluna de conselhos; contraste entre must not e don't have to, que causa confusão para brasileiros; role-play de amigo pedindo ajuda.",
  },
];

const upperIntermediate: SeedTrail[] = [
  {
    title: "Telling stories with narrative tenses",
    content:
      "Passado contínuo para o cenário, passado simples para os acontecimentos e passado perfeito para o que veio antes (I had already left when she called), com conectores de sequência (meanwhile, eventually, as soon as).",
    application:
      "O aluno narra uma história pessoal com começo, meio e fim, criando suspense e usando os três tempos de forma natural.",
    techniques:
      "Story cubes ou três imagens aleatórias como ponto de partida; o professor interrompe com perguntas de detalhe; o aluno reconta a história melhorada depois do feedback.",
  },
  {
    title: "Conditionals and hypotheticals",
    content:
      "Condicionais zero, primeira, segunda e terceira, condicionais mistas, wish e if only, e a diferença entre situações reais e imaginárias.",
    application:
      "O aluno discute escolhas de vida (If I had studied abroad, I would…), dilemas hipotéticos (What would you do if…?) e arrependimentos de forma leve.",
    techniques:
      "Perguntas de dilema moral para gerar fala espontânea; cadeia de condicionais (If I won the lottery, I'd… and if I…); quadro-resumo construído a partir das frases do aluno, não de regras prontas.",
  },
  {
    title: "Phrasal verbs in everyday conversation",
    content:
      "Phrasal verbs frequentes agrupados por tema (trabalho: set up, deal with, put off; relacionamentos: get along, break up, catch up), separáveis e inseparáveis, e quando preferir o phrasal verb ao verbo de origem latina.",
    application:
      "O aluno troca verbos formais por phrasal verbs em relatos do dia a dia (postpone → put off) e entende trechos de séries e podcasts que os usam.",
    techniques:
      "Trecho curto de série ou podcast como input; o aluno deduz o significado pelo contexto; prática de reformulação; revisão espaçada com os verbos das aulas anteriores.",
  },
  {
    title: "Expressing opinions and disagreeing politely",
    content:
      "Expressões para opinar (In my view, I'd say that…), concordar parcialmente (I see your point, but…), discordar com educação e pedir esclarecimento, com atenção à entonação e aos hedges (kind of, I'm not sure that…).",
    application:
      "O aluno participa de uma discussão sobre um tema atual (trabalho remoto, redes sociais), defende o próprio ponto de vista e reage aos argumentos do professor sem soar rude.",
    techniques:
      "Debate em que o professor assume a posição oposta; banco de expressões visível na tela que o aluno vai riscando ao usar; feedback sobre tom e polidez além da gramática.",
  },
  {
    title: "Reported speech",
    content:
      "Discurso indireto com say e tell, mudança de tempos verbais, de pronomes e de expressões de tempo, perguntas indiretas e verbos de relato (explain, suggest, refuse, remind).",
    application:
      "O aluno relata uma reunião, uma conversa ou uma notícia (My manager told me that the project had been delayed) e faz perguntas indiretas mais educadas (Could you tell me where…?).",
    techniques:
      "Manchete ou áudio curto como ponto de partida; o aluno relata o que ouviu; telefone sem fio entre frases; contraste entre say e tell com exemplos do aluno.",
  },
];

const advanced: SeedTrail[] = [
  {
    title: "Register: formal and informal English",
    content:
      "Diferenças de vocabulário, estrutura e tom entre o inglês formal, neutro e informal; nominalização, voz passiva e expressões de cortesia (I was wondering if…, Would you mind…).",
    application:
      "O aluno reescreve e fala a mesma mensagem para públicos diferentes (amigo, colega, cliente) e percebe quando o próprio inglês soa rígido demais ou casual demais.",
    techniques:
      "Transformação de registro a partir de textos reais; análise de e-mails e mensagens do próprio aluno; feedback sobre escolhas lexicais, não só sobre erros.",
  },
  {
    title: "Idioms and collocations",
    content:
      "Collocations de alta frequência (make a decision, heavy traffic, highly recommended), idioms usados por falantes nativos hoje (the ball is in your court, on the same page) e falsos cognatos comuns para brasileiros (actually, pretend, eventually).",
    application: "O aluno incorpora collocations e idioms à fala espontânea e evita traduções literais do português.",
    techniques:
      "Caderno de collocations construído ao longo das aulas; correção de traduções literais com a alternativa natural; conversa guiada em que o aluno precisa usar cinco expressões novas.",
  },
  {
    title: "Debating and persuading",
    content:
      "Estrutura de um argumento (claim, reason, evidence), concessão e refutação (Admittedly…, however…), linguagem de ênfase (What really matters is…) e perguntas retóricas.",
    application:
      "O aluno defende uma posição em um debate de cinco minutos, rebate contra-argumentos e conclui de forma persuasiva.",
    techniques:
      "Debate cronometrado com preparação curta; o professor anota argumentos e expressões para o feedback; segunda rodada trocando de lado para treinar flexibilidade.",
  },
  {
    title: "Explaining complex ideas clearly",
    content:
      "Sinalização do discurso (First of all…, Let me put it another way…, To sum up…), definições e exemplos, analogias e como checar se o ouvinte entendeu.",
    application:
      "O aluno explica um processo do próprio trabalho ou um tema que domina para alguém leigo, em três minutos, e responde a perguntas.",
    techniques:
      "Explicação gravada e reouvida na própria aula; o professor faz perguntas de leigo; feedback sobre clareza, ritmo e sinalização, depois uma segunda tentativa melhorada.",
  },
  {
    title: "Connected speech and natural pronunciation",
    content:
      "Sílaba tônica e acento da frase, formas fracas (to, for, can), ligação entre palavras (an_apple, turn_off), elisão e assimilação, e entonação de perguntas e listas.",
    application:
      "O aluno entende melhor falas rápidas de nativos e fala com um ritmo mais natural, sem perder clareza.",
    techniques:
      "Shadowing de um trecho curto de áudio autêntico; marcação das tônicas no texto; ditado de frases em fala rápida; comparação entre a gravação do aluno e o original.",
  },
];

const interview: SeedTrail[] = [
  {
    title: "Tell me about yourself",
    content:
      "A estrutura de uma apresentação profissional em dois minutos (presente, passado, futuro), verbos de conquista (led, launched, improved, reduced) e como ligar a trajetória à vaga.",
    application:
      "O aluno prepara e ensaia a própria resposta para a pergunta de abertura da entrevista, adaptada a uma vaga real que deseja.",
    techniques:
      "Rascunho colaborativo na tela; ensaio cronometrado; o professor faz o papel do recrutador e interrompe com perguntas; feedback de conteúdo, fluência e linguagem corporal na câmera.",
  },
  {
    title: "Behavioural questions with the STAR method",
    content:
      "O método STAR (Situation, Task, Action, Result), passado simples e contínuo para narrar casos, números e resultados concretos, e as perguntas comportamentais mais comuns (conflict, failure, leadership, deadline).",
    application:
      "O aluno monta e conta três histórias profissionais no formato STAR que sirvam para várias perguntas diferentes.",
    techniques:
      "Banco de perguntas sorteadas; o aluno responde, o professor aponta o que faltou de cada etapa do STAR; segunda tentativa mais curta e com resultado em números.",
  },
  {
    title: "Strengths, weaknesses and career goals",
    content:
      "Vocabulário de competências (detail-oriented, proactive, reliable), como falar de um ponto fraco com um plano de melhoria, e como descrever objetivos de carreira com would like to e aim to.",
    application:
      "O aluno responde com segurança às perguntas sobre pontos fortes, pontos fracos, por que quer a vaga e onde se vê em cinco anos.",
    techniques:
      "Lista de adjetivos escolhidos pelo aluno com uma evidência para cada um; simulação com perguntas encadeadas; feedback sobre respostas genéricas e clichês.",
  },
  {
    title: "Mock interview: questions, salary and closing",
    content:
      "Perguntas para o entrevistador, como falar de pretensão salarial e disponibilidade, como pedir para repetir ou ganhar tempo (That's a great question, let me think…) e o encerramento da entrevista.",
    application:
      "O aluno faz uma entrevista simulada completa, de 20 a 30 minutos, em inglês, do small talk inicial ao agradecimento final.",
    techniques:
      "Simulação completa sem interrupções, com a descrição de uma vaga real; o professor anota pontos fortes e de melhoria; feedback estruturado com as três prioridades para a entrevista real.",
  },
];

const business: SeedTrail[] = [
  {
    title: "Meetings: leading and taking part",
    content:
      "Abrir e conduzir uma reunião, pedir e dar a palavra (Could I just come in here?), manter o foco na pauta, resumir decisões e definir próximos passos (action items).",
    application:
      "O aluno conduz e participa de uma reunião simulada sobre um tema do próprio trabalho, interrompendo e sendo interrompido com educação.",
    techniques:
      "Simulação com pauta real do aluno; o professor interpreta participantes com estilos diferentes (o prolixo, o silencioso); feedback sobre expressões de gestão da conversa.",
  },
  {
    title: "Professional emails and messages",
    content:
      "Estrutura de e-mails (assunto, abertura, propósito, pedido, fechamento), registro adequado para Slack, Teams e e-mail, e frases para pedir, cobrar, recusar e pedir desculpas com profissionalismo.",
    application:
      "O aluno escreve e revisa e-mails reais do trabalho (pedido de prazo, follow-up, resposta a uma reclamação) e entende o tom dos e-mails que recebe.",
    techniques:
      "Revisão ao vivo de um e-mail do aluno; reescrita com banco de frases; comparação entre versões direta e diplomática do mesmo pedido.",
  },
  {
    title: "Negotiation",
    content:
      "Fases da negociação (preparação, proposta, barganha, fechamento), condicionais para propor (If you could…, we would…), linguagem diplomática (We might be able to…) e como dizer não sem fechar portas.",
    application: "O aluno negocia prazo, preço ou escopo em uma simulação baseada em uma situação real da sua área.",
    techniques:
      "Role-play com objetivos secretos para cada lado; pausa para revisar estratégia e linguagem; segunda rodada aplicando o feedback.",
  },
  {
    title: "Small talk and networking",
    content:
      "Temas seguros para small talk, perguntas abertas, como manter e encerrar uma conversa com naturalidade (It was great talking to you…), e como apresentar o próprio trabalho em 30 segundos.",
    application:
      "O aluno circula em um evento simulado, puxa conversa com desconhecidos, apresenta-se e troca contatos.",
    techniques:
      "Série de mini-conversas com personagens diferentes; foco em perguntas de seguimento e em reações (Oh really? That sounds interesting!); feedback sobre respostas curtas demais.",
  },
  {
    title: "Presenting results and data",
    content:
      "Vocabulário de tendências (rise, drop, peak, level off), descrição de gráficos, comparação de resultados e recomendações, e sinalização em apresentações.",
    application:
      "O aluno apresenta resultados reais ou fictícios do próprio trabalho usando um gráfico e responde a perguntas da audiência.",
    techniques:
      "Gráfico compartilhado na tela; apresentação curta e cronometrada; perguntas difíceis do professor no papel de diretor; feedback sobre precisão de números e preposições (by, to, from).",
  },
];

const trial: SeedTrail[] = [
  {
    title: "Aula experimental: conversa de diagnóstico",
    content:
      "Conversa guiada que passa por apresentação pessoal, rotina, experiências passadas e planos, subindo a dificuldade aos poucos para encontrar o nível do aluno, seguida de uma mini-lição sobre um ponto que o aluno precisa.",
    application:
      "O aluno descobre o próprio nível, entende os pontos fortes e o que precisa melhorar, e sai da aula com um plano de trilhas e uma frequência de aulas recomendada para o seu objetivo.",
    techniques:
      "Perguntas em espiral (do simples ao complexo) com o professor anotando gramática, vocabulário, pronúncia e fluência; ambiente acolhedor, sem correção durante a conversa; feedback final em português, se o aluno preferir, com a indicação do nível e das primeiras trilhas.",
  },
];

const conversation: SeedTrail[] = [
  {
    title: "Current events and the news",
    content:
      "Vocabulário das notícias da semana (economia, tecnologia, esportes, cultura), como resumir uma notícia com as próprias palavras e expressões para reagir a ela (That's surprising, I had no idea, It makes sense because...).",
    application:
      "O aluno traz uma notícia que leu ou ouviu, resume para o professor em dois minutos e conversa sobre ela, dando sua opinião e respondendo a perguntas de acompanhamento.",
    techniques:
      "Leitura prévia de uma manchete escolhida pelo aluno; resumo cronometrado; perguntas abertas do professor (Why do you think...? What would happen if...?); lista final com as palavras novas e os erros mais frequentes.",
  },
  {
    title: "Movies, series and books",
    content:
      "Como falar de enredo, personagens e gêneros (thriller, sitcom, biography), dar recomendações e críticas (It's worth watching, The ending was disappointing) e evitar spoilers com elegância.",
    application:
      "O aluno recomenda uma série, filme ou livro ao professor, descreve a história sem contar o final e defende por que vale a pena, respondendo às objeções do professor.",
    techniques:
      "Trecho curto de trailer ou sinopse como aquecimento; role-play de dois amigos escolhendo o que assistir; foco em adjetivos de opinião e na entonação das perguntas; correção no fim da conversa.",
  },
  {
    title: "Hobbies, sports and free time",
    content:
      "Verbos e expressões de lazer (be into, take up, give up, used to), frequência (once in a while, every other weekend) e como fazer e manter perguntas sobre os interesses de outra pessoa.",
    application:
      "O aluno conta como começou um hobby, o que gosta nele e o que mudou com o tempo, e conduz a conversa perguntando sobre os interesses do professor.",
    techniques:
      "Mapa de interesses feito em conjunto no início; troca de papéis (o aluno entrevista o professor); prática de follow-up questions; o professor anota as repetições e sugere sinônimos.",
  },
  {
    title: "Debating everyday dilemmas",
    content:
      "Expressões para opinar, concordar e discordar com educação (I see your point, but...; I couldn't agree more), conectivos de argumentação (however, on the other hand, that's why) e como mudar de ideia em público.",
    application:
      "O aluno discute dilemas do dia a dia (trabalhar de casa ou no escritório, cidade grande ou interior) defendendo um lado e, depois, o lado oposto.",
    techniques:
      "Cartões com dilemas sorteados; rodadas curtas cronometradas; troca obrigatória de lado na segunda rodada; feedback sobre fluência, conectivos e pronúncia das palavras-chave.",
  },
];

const travel: SeedTrail[] = [
  {
    title: "At the airport",
    content:
      "Check-in, despacho de bagagem, controle de segurança e imigração: vocabulário (boarding pass, carry-on, gate, layover) e as perguntas que o agente faz (What's the purpose of your visit? How long are you staying?).",
    application:
      "O aluno faz o check-in de um voo internacional, resolve um problema de bagagem acima do peso e responde às perguntas da imigração com segurança.",
    techniques:
      "Role-play em três estações (balcão, segurança, imigração) com o professor no papel dos agentes; cartões de embarque fictícios; prática das respostas curtas e educadas; revisão dos números e horários.",
  },
  {
    title: "Hotels and accommodation",
    content:
      "Reservar, fazer check-in e check-out, pedir serviços e reclamar de um problema no quarto (The air conditioning isn't working), com os pedidos educados (Could you..., Would it be possible to...).",
    application:
      "O aluno reserva um quarto por telefone, faz o check-in e resolve com a recepção um problema com a reserva ou com o quarto.",
    techniques:
      "Simulação de ligação sem apoio visual; o professor cria imprevistos (reserva não encontrada, quarto errado); foco em pedidos indiretos e na entonação cortês; lista de frases prontas para a viagem.",
  },
  {
    title: "Getting around the city",
    content:
      "Pedir e entender direções (go straight, take the second left, it's across from...), usar transporte público, comprar bilhetes e pegar táxi ou aplicativo de transporte.",
    application:
      "O aluno planeja um dia em uma cidade estrangeira usando um mapa real, pede direções ao professor e compra os bilhetes de metrô e de um passeio.",
    techniques:
      "Mapa compartilhado na tela; o aluno guia o professor até um ponto turístico; prática de preposições de lugar; ditado de endereços e números de linhas.",
  },
  {
    title: "Restaurants, shopping and emergencies abroad",
    content:
      "Fazer pedidos e pedir a conta em restaurantes, perguntar por tamanhos e preços em lojas, e pedir ajuda em uma emergência (farmácia, objetos perdidos, polícia, médico).",
    application:
      "O aluno pede uma refeição com restrições alimentares, troca um produto em uma loja e descreve um problema de saúde ou a perda de um documento.",
    techniques:
      "Cardápio e etiquetas reais como material; role-play com reviravoltas; vocabulário de sintomas e de objetos pessoais; o professor corrige no fim com as formas mais naturais de cada pedido.",
  },
];

const trailsByLevel: Record<(typeof seedLevels)[number]["id"], SeedTrail[]> = {
  1: begginer,
  2: intermediate,
  3: upperIntermediate,
  4: advanced,
  5: interview,
  6: business,
  9: trial,
  10: conversation,
  8: travel,
};

export const seedTrails: (TrailFields & { id: number })[] = seedLevels
  .flatMap((level) =>
    trailsByLevel[level.id].map((trail, index) => ({ ...trail, levelId: level.id, number: index + 1 })),
  )
  .map((trail, index) => ({ id: index + 1, ...trail }));

/**
 * The seed as the events the deciders produce for it, per stream: the catalogue's rules hold for the
 * seed as for anything an administrator creates.
 */
export const seedCatalogAppends = () => [
  ...seedLevels.map(({ id, name }) => ({
    streamId: levelStreams.id(id),
    events: levelDecider.decide({ type: "CreateLevel", id, name, active: true }, levelDecider.initialState()),
  })),
  ...seedTrails.map((trail) => {
    const level = seedLevels.find((candidate) => candidate.id === trail.levelId);
    return {
      streamId: trailStreams.id(trail.id),
      events: trailDecider.decide(
        {
          type: "CreateTrail",
          ...trail,
          level: level ? { status: "active", id: level.id, name: level.name } : { status: "absent" },
        },
        trailDecider.initialState(),
      ),
    };
  }),
  ...seedPackages.map((pack) => ({
    streamId: packageStreams.id(pack.id),
    events: itemPackageDecider.decide({ type: "CreateItemPackage", ...pack }, itemPackageDecider.initialState()),
  })),
];

/**
 * The seed's appends of the groups added after the first release (`LATER_SEED_LEVELS`) and their trails:
 * what a catalogue seeded by an earlier version lacks.
 */
export const seedCatalogAdditions = () => {
  const later = new Set(
    seedTrails.filter((trail) => LATER_SEED_LEVELS.includes(trail.levelId)).map((trail) => trailStreams.id(trail.id)),
  );
  for (const id of LATER_SEED_LEVELS) later.add(levelStreams.id(id));
  return seedCatalogAppends().filter((append) => later.has(append.streamId));
};

/**
 * /privacypolicy: the spec asks for this text in Portuguese whatever the chosen language, in seven
 * sections (information collected, use, sharing, cookies, security, changes, contact).
 */
const SECTIONS: { title: string; paragraphs: string[] }[] = [
  {
    title: "1. Informações que coletamos",
    paragraphs: [
      "Ao criar sua conta, coletamos os dados que você nos informa: nome, sobrenome, e-mail, telefone, nível de inglês, objetivo com as aulas e como conheceu a English Lessons. Professores informam também sua experiência e, para receber pelas aulas, seus dados bancários.",
      "Ao comprar pacotes de aulas, coletamos CPF e endereço de cobrança. Os dados do cartão são enviados diretamente ao processador de pagamentos e não ficam guardados em nossos servidores.",
      "Durante o uso da plataforma registramos as aulas agendadas e realizadas, as avaliações deixadas por alunos e professores, e dados técnicos de acesso, como endereço IP, data e hora de cada login e o navegador utilizado.",
    ],
  },
  {
    title: "2. Como usamos suas informações",
    paragraphs: [
      "Usamos seus dados para criar e manter sua conta, agendar suas aulas com professores do nível adequado, enviar o link da videochamada, controlar seu saldo de aulas e processar pagamentos.",
      "Também os usamos para enviar avisos sobre suas aulas, mensagens de recuperação de senha e, quando você permitir, novidades e ofertas. As avaliações das aulas servem para melhorar o material didático e acompanhar a qualidade dos professores.",
    ],
  },
  {
    title: "3. Compartilhamento de informações",
    paragraphs: [
      "Não vendemos seus dados. Compartilhamos apenas o necessário: o professor da sua aula vê seu nome, seu nível e seu objetivo; o aluno vê o nome do professor.",
      "Dados de pagamento são compartilhados com o processador de pagamentos, e o agendamento das aulas com o serviço de videochamada e calendário. Podemos ainda fornecer informações quando exigido por lei ou por ordem judicial.",
    ],
  },
  {
    title: "4. Cookies e armazenamento local",
    paragraphs: [
      "Guardamos no seu navegador o token que mantém você conectado: na sessão atual, ou por mais tempo se você marcar “Lembrar de mim”. Também guardamos o idioma escolhido durante a sessão.",
      "Não usamos cookies de publicidade de terceiros. Você pode apagar esses dados a qualquer momento nas configurações do navegador; nesse caso será preciso entrar novamente.",
    ],
  },
  {
    title: "5. Segurança",
    paragraphs: [
      "As senhas são guardadas apenas de forma cifrada (argon2id) e nunca em texto legível. Links de recuperação de senha valem uma única vez e expiram em 24 horas.",
      "Toda comunicação com a plataforma é feita por conexão criptografada, tentativas repetidas de login são bloqueadas temporariamente e o acesso às áreas de aluno, professor e administração é restrito a quem tem permissão.",
    ],
  },
  {
    title: "6. Alterações desta política",
    paragraphs: [
      "Podemos atualizar esta política para refletir mudanças na plataforma ou na legislação, incluindo a Lei Geral de Proteção de Dados (LGPD). Quando houver mudança relevante, avisaremos por e-mail ou por aviso no site antes de ela entrar em vigor.",
    ],
  },
  {
    title: "7. Contato",
    paragraphs: [
      "Para tirar dúvidas, pedir uma cópia, a correção ou a exclusão dos seus dados, escreva para privacidade@englishlessons.com.br ou fale conosco pelo chat do site. Respondemos em até 15 dias.",
    ],
  },
];

export const PrivacyPolicyPage = () => (
  <div className="page" lang="pt-BR">
    <article className="card">
      <h1>Política de privacidade</h1>
      {SECTIONS.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  </div>
);

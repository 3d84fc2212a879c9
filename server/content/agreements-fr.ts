import type { AgreementLocale } from './content-locale'

const operator = 'Huaqian (Shenzhen) Digital Technology Co., Ltd.'

export const agreementsFr: AgreementLocale = {
  clauseLabel: (n) => `Article ${n}.`,
  meta: (version, date) => `Version ${version} · En vigueur le ${date}`,
  agreements: {
    register: {
      title: 'Conditions d’inscription',
      intro: `Bienvenue sur Huaqian. Les présentes conditions sont conclues entre vous et ${operator} (« nous »). Lisez-les attentivement avant de vous inscrire, en particulier les clauses qui excluent ou limitent une responsabilité. En appuyant sur « J’accepte » ou en terminant l’inscription, vous confirmez les avoir lues et les accepter dans leur intégralité.`,
      clauses: [
        {
          heading: 'Qui peut s’inscrire',
          paragraphs: [
            'Vous devez résider en Chine continentale, être âgé d’au moins 18 ans et juridiquement capable, et vous inscrire avec un numéro de mobile enregistré à votre nom.',
            'Si vous ne remplissez pas ces conditions, ne vous inscrivez pas ; nous pouvons fermer tout compte qui ne les remplit pas.',
          ],
        },
        {
          heading: 'Votre compte et sa sécurité',
          items: [
            'Vous vous connectez avec votre numéro de mobile et un code reçu par SMS. Le compte est strictement personnel : il ne peut être cédé, prêté ni vendu.',
            'Protégez votre téléphone et vos codes. Les pertes causées par un code que vous avez divulgué restent à votre charge, sauf faute de notre part.',
            'Si vous pensez que votre compte est utilisé par un tiers, contactez immédiatement le service client pour le bloquer.',
          ],
        },
        {
          heading: 'Informations collectées à l’inscription',
          paragraphs: [
            'Nous collectons votre numéro de mobile et enregistrons l’identifiant de votre appareil, l’heure d’inscription et le canal d’origine, pour créer le compte, prévenir la fraude et établir des statistiques. La politique de confidentialité en précise les règles.',
          ],
        },
        {
          heading: 'Fermeture du compte',
          paragraphs: [
            'Si vous n’avez aucun prêt en cours, vous pouvez demander la fermeture de votre compte au service client. Nous supprimons ou anonymisons alors vos données, sauf celles que la loi nous oblige à conserver.',
          ],
        },
      ],
    },
    user: {
      title: 'Conditions générales de service',
      intro: `Ces conditions fixent vos droits et obligations lorsque vous utilisez le service d’information sur les prêts Huaqian, exploité par ${operator}. Nous fournissons des services techniques (mise en relation, formulaires, rappels d’échéance) entre vous et des établissements financiers agréés (les « prêteurs »). Nous ne prêtons pas nous-mêmes.`,
      clauses: [
        {
          heading: 'Le service',
          items: [
            'Enregistrement et simulation de votre besoin de prêt, avec le taux annuel effectif global (TAEG), la mensualité et le total des intérêts.',
            'Vérification d’identité, formulaires et transmission de votre demande aux prêteurs.',
            'Suivi de la décision, choix d’un prêteur, signature du contrat de prêt et échéancier.',
            'Remboursements, prélèvements automatiques et avis de remboursement.',
          ],
        },
        {
          heading: 'Accord et décaissement',
          paragraphs: [
            'L’accord, le plafond et le prix du prêt sont décidés par le prêteur seul, selon ses propres règles de crédit. Nous ne promettons aucun résultat et ne vous demandons jamais de payer quoi que ce soit avant le décaissement.',
            'Toute personne se disant de notre équipe qui vous demande un virement pour « débloquer » un prêt est un escroc : signalez-la à la police.',
          ],
        },
        {
          heading: 'Vos obligations',
          items: [
            'Fournir des informations exactes, complètes et à jour.',
            'Rembourser intégralement et à temps, comme le prévoit votre contrat de prêt.',
            'Ne pas utiliser le service à des fins de blanchiment ou à toute fin illicite ; un prêt ne peut financer un achat immobilier ni un placement.',
          ],
        },
        {
          heading: 'Évolution du service',
          paragraphs: [
            'Nous pouvons modifier ou suspendre une partie du service pour des raisons commerciales, techniques ou légales, en l’annonçant à l’avance dans l’application. Une suspension n’affecte pas les contrats de prêt déjà signés.',
          ],
        },
      ],
    },
    privacy: {
      title: 'Politique de confidentialité',
      intro: `${operator} traite vos données personnelles conformément à la loi de la République populaire de Chine sur la protection des informations personnelles. Cette politique explique ce que nous collectons, pourquoi, comment nous l’utilisons, le partageons et le protégeons, et quels sont vos droits.`,
      clauses: [
        {
          heading: 'Ce que nous collectons',
          items: [
            'Compte : numéro de mobile et pseudonyme.',
            'Identité : nom, numéro de carte d’identité et image du visage (traitée uniquement par le prestataire de vérification, pendant la vérification).',
            'Demande : montant, durée et objet du prêt ; niveau d’études, situation familiale, adresse, profession et tranche de revenus, patrimoine, contacts d’urgence.',
            'Carte bancaire : numéro de carte de débit, banque émettrice et numéro de mobile déclaré à la banque.',
            'Appareil : identifiant, modèle, système d’exploitation, taille d’écran, état du réseau et, avec votre accord, localisation.',
          ],
        },
        {
          heading: 'Comment nous les utilisons',
          items: [
            'Vérifier votre identité, prévenir la fraude et sécuriser votre compte.',
            'Transmettre votre demande au prêteur que vous choisissez, pour son évaluation de crédit.',
            'Décaisser, prélever les échéances et vous envoyer des rappels.',
            'Respecter nos obligations légales (lutte contre le blanchiment, identification des clients).',
          ],
        },
        {
          heading: 'Partage et divulgation',
          paragraphs: [
            'Nous ne partageons avec les prêteurs, prestataires de vérification et établissements de paiement que les données nécessaires à ces finalités, avec votre consentement distinct et sous accord de protection des données. Nous ne vendons jamais vos données et ne les rendons pas publiques, sauf obligation légale.',
          ],
        },
      ],
    },
    'personal-consent': {
      title: 'Autorisation de traitement des données personnelles',
      intro: `Je soussigné(e) (l’« Autorisant ») accorde librement à ${operator} l’autorisation suivante afin de demander le service d’information sur les prêts.`,
      clauses: [
        {
          heading: 'Étendue',
          paragraphs: [
            'L’Autorisant accepte que les informations fournies lors de la demande (identité, coordonnées, profession et revenus, patrimoine, appareil) soient collectées, conservées et utilisées.',
          ],
        },
        {
          heading: 'Finalités',
          items: [
            'Vérifier l’identité de l’Autorisant et l’exactitude des informations fournies.',
            'Évaluer le besoin de prêt et proposer des prêteurs adaptés.',
            'Lors d’une demande, transmettre ces informations au prêteur choisi pour l’évaluation de crédit et la gestion du prêt.',
          ],
        },
        {
          heading: 'Durée et retrait',
          paragraphs: [
            'Cette autorisation prend effet lorsque la case est cochée et dure jusqu’au remboursement de tous les prêts et à la fermeture du compte. Elle peut être retirée à tout moment ; le retrait n’affecte pas les traitements déjà effectués mais peut empêcher toute nouvelle demande.',
          ],
        },
      ],
    },
    'sensitive-consent': {
      title: 'Autorisation de traitement des données sensibles',
      intro:
        'Votre numéro d’identité, votre compte bancaire, vos données faciales et votre localisation précise sont des données sensibles : leur fuite pourrait porter atteinte à votre dignité ou à vos biens. Comme l’exige la loi, nous ne les traitons que pour une finalité précise, si c’est strictement nécessaire, et avec votre consentement distinct.',
      clauses: [
        {
          heading: 'Données sensibles concernées',
          items: [
            'Numéro et images de la carte d’identité.',
            'Numéro de carte de débit et numéro de mobile déclaré à la banque.',
            'Images du visage et résultat du test de vivacité.',
            'Localisation précise, si vous l’autorisez.',
          ],
        },
        {
          heading: 'Finalité et nécessité',
          paragraphs: [
            'Ces données servent à confirmer que c’est bien vous qui demandez le prêt, à empêcher l’usurpation d’identité, et à décaisser et prélever. Sans votre consentement, nous ne pouvons pas traiter de demande de prêt, mais vous pouvez consulter les autres pages.',
          ],
        },
        {
          heading: 'Mesures de sécurité',
          paragraphs: [
            'Les données sensibles sont chiffrées en transit et au repos, leur accès est restreint et journalisé, et elles sont masquées à l’écran (seuls les quatre derniers chiffres d’une carte sont affichés).',
          ],
        },
      ],
    },
    'face-consent': {
      title: 'Autorisation de traitement des données faciales',
      intro: 'Pour confirmer que c’est bien vous qui demandez le prêt, nous vérifions votre identité par reconnaissance faciale. Lisez ce qui suit avant de décider.',
      clauses: [
        {
          heading: 'Déroulement de la vérification',
          paragraphs: [
            'Vous êtes dirigé vers la page d’un prestataire agréé qui vous demande de cligner des yeux ou de tourner la tête. Il compare l’image capturée à la photo de la base d’identité de la sécurité publique et ne nous renvoie que « réussi » ou « échoué ».',
          ],
        },
        {
          heading: 'Conservation',
          paragraphs: [
            'Nous ne conservons pas vos images faciales. Le résultat et l’heure de la vérification sont conservés cinq ans après le remboursement du prêt, comme l’exige la réglementation financière.',
          ],
        },
        {
          heading: 'Alternative',
          paragraphs: [
            'Si vous ne souhaitez pas utiliser la reconnaissance faciale, contactez le service client pour une vérification manuelle, qui peut allonger l’examen de votre demande.',
          ],
        },
      ],
    },
    loan: {
      title: 'Informations précontractuelles sur le prêt',
      intro:
        'Avant que vous ne confirmiez un prêt, nous vous présentons ses principales conditions et ses risques. Le contrat signé avec le prêteur fait foi.',
      clauses: [
        {
          heading: 'Coût du prêt',
          paragraphs: [
            'Le taux annuel (TAEG) affiché est le coût annuel du prêt en intérêts simples, intérêts et frais compris. Le prêt est remboursé par mensualités constantes ; la dernière peut différer de quelques fen en raison des arrondis.',
          ],
        },
        {
          heading: 'En cas de retard',
          items: [
            'Une pénalité de 0,05 % du montant impayé par jour s’applique, plafonnée à 24 % de ce montant.',
            'Les retards sont déclarés, comme la loi le prévoit, à la base nationale d’informations de crédit et peuvent affecter vos futures demandes de crédit.',
            'Le prêteur peut vous contacter par SMS ou téléphone ; il ne contacte aucun tiers autre que vos contacts d’urgence.',
          ],
        },
        {
          heading: 'Remboursement anticipé',
          paragraphs: ['Vous pouvez rembourser une ou plusieurs échéances par anticipation, la plus ancienne d’abord, sans frais.'],
        },
        {
          heading: 'Empruntez de manière responsable',
          paragraphs: [
            'N’empruntez que ce dont vous avez besoin et que vous pouvez rembourser. Un prêt ne peut financer un achat immobilier, des actions ni d’autres placements.',
          ],
        },
      ],
    },
    form: {
      title: 'Autorisation de partage des données personnelles',
      intro:
        'Pour transmettre votre demande à un prêteur et permettre son évaluation de crédit, nous devons partager une partie des informations saisies. Cette autorisation précise avec qui, quoi et pourquoi.',
      clauses: [
        {
          heading: 'Destinataires',
          items: [
            'Le prêteur que vous choisissez sur la page de mise en relation.',
            'Les agences de renseignement de crédit agréées qui évaluent le crédit pour ce prêteur.',
          ],
        },
        {
          heading: 'Données partagées',
          paragraphs: [
            'Vos informations de base et de patrimoine, les noms et numéros de vos contacts d’urgence, et votre demande. Les contacts d’urgence ne servent qu’à vous joindre lorsque vous êtes injoignable, jamais à la prospection.',
          ],
        },
        {
          heading: 'Vos contacts d’urgence',
          paragraphs: ['Vous confirmez avoir informé vos contacts d’urgence et obtenu leur accord avant de saisir leurs coordonnées.'],
        },
      ],
    },
    reward: {
      title: 'Conditions de la carte d’avantages',
      intro: `La carte d’avantages Huaqian (la « carte ») est fournie par ${operator}. Son achat est facultatif : ne pas l’acheter ne vous empêche pas de demander un prêt.`,
      clauses: [
        {
          heading: 'Avantages',
          items: [
            'Examen prioritaire : votre demande rejoint la file prioritaire, vous attendez moins.',
            'Taux d’accord amélioré : dans les limites acceptées par les prêteurs, la mise en relation réussit plus souvent, avec un taux d’accord de référence jusqu’à 85 %.',
            'Avantages du quotidien : abonnements vidéo, livraison de repas et bons de voyage, selon la page des avantages.',
          ],
        },
        {
          heading: 'Prix et paiement',
          paragraphs: [
            'Le prix est celui affiché sur la page d’achat. Il est prélevé une seule fois sur votre carte de débit liée et ne se renouvelle jamais automatiquement.',
          ],
        },
        {
          heading: 'Validité et remboursement',
          paragraphs: [
            'La carte est valable pour la durée indiquée à compter de l’achat. Si vous n’avez utilisé aucun avantage et l’avez achetée il y a moins de sept jours, vous pouvez demander un remboursement intégral ; sinon, la partie non utilisée est remboursée.',
          ],
        },
      ],
    },
    'withhold-agreement': {
      title: 'Autorisation de prélèvement automatique',
      intro:
        'Pour que vous remboursiez à temps, vous autorisez notre société et nos établissements de paiement partenaires à prélever les sommes dues sur votre carte de débit liée à chaque échéance.',
      clauses: [
        {
          heading: 'Sommes prélevées',
          paragraphs: [
            'Le capital, les intérêts et les frais de l’échéance prévus par votre contrat de prêt, les avantages que vous choisissez d’acheter et, en cas de retard, la pénalité. Un SMS vous prévient avant chaque prélèvement.',
          ],
        },
        {
          heading: 'Prélèvement refusé',
          paragraphs: [
            'Si un prélèvement échoue (solde insuffisant, carte bloquée), nous pouvons réessayer le jour même ou le lendemain et vous rappeler de rembourser vous-même. Un échec ne vous libère pas de votre obligation de rembourser.',
          ],
        },
        {
          heading: 'Modification et fin',
          paragraphs: [
            'Vous pouvez délier la carte une fois vos prêts remboursés, ou la remplacer à tout moment par une autre carte de débit à votre nom. Cette autorisation prend fin automatiquement au remboursement de tous vos prêts.',
          ],
        },
      ],
    },
  },
  privacyTail: [
    {
      heading: 'Durée de conservation',
      paragraphs: [
        'Nous ne conservons les données que le temps nécessaire à leur finalité. Les données liées à un prêt sont conservées cinq ans après son remboursement, minimum exigé par la réglementation financière ; elles sont ensuite supprimées ou anonymisées.',
      ],
    },
    {
      heading: 'Vos droits',
      items: [
        'Accéder à vos données et en obtenir une copie.',
        'Rectifier ou compléter des données inexactes ou incomplètes.',
        'Obtenir leur suppression dans les cas prévus par la loi.',
        'Retirer votre consentement, sans effet sur les traitements déjà effectués.',
        'Fermer votre compte et obtenir une explication des décisions automatisées.',
      ],
    },
    {
      heading: 'Nous contacter',
      paragraphs: [
        `Pour toute question, remarque ou réclamation sur vos données, contactez le responsable de la protection des données de ${operator} : privacy@huaqian.example.com, service client 400-000-0000 (jours ouvrés, 9 h–18 h). Nous répondons sous quinze jours ouvrés.`,
      ],
    },
  ],
  contractTail: [
    {
      heading: 'Droit applicable et litiges',
      paragraphs: [
        'Les présentes conditions sont régies par le droit de la République populaire de Chine (à l’exclusion, à cette fin, de celui de Hong Kong, Macao et Taïwan). Les parties chercheront une solution amiable ; à défaut, chacune peut saisir le tribunal populaire compétent du domicile du défendeur.',
      ],
    },
    {
      heading: 'Nous contacter',
      paragraphs: [
        `${operator}, 18e étage, Example Tower, sous-district de Yuehai, district de Nanshan, Shenzhen, Guangdong ; service client 400-000-0000 ; service@huaqian.example.com.`,
      ],
    },
  ],
}
